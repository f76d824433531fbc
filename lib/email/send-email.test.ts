import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { getDb } from "@/lib/db";
import { useTempDatabase } from "@/lib/auth/testing/temp-database";
import { sendEmail } from "./send-email";
import { startSmtpServer, type LocalSmtpServer } from "./testing/start-smtp-server";

let smtp: LocalSmtpServer;
let database: { dispose(): Promise<void> };

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await useTempDatabase({ EMAIL_FROM: "docsvc <no-reply@docsvc.test>" });
});
afterAll(async () => {
  await database?.dispose();
  await smtp?.close();
});

describe("sendEmail", () => {
  it("delivers over SMTP when SMTP_URL is set and records the message as sent", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
    resetConfigForTests();
    const db = await getDb();
    const result = await sendEmail({
      db,
      message: { to: "ann@example.com", subject: "Hello Ann", text: "Your code is 123456." },
    });
    expect(result.status).toBe("sent");

    const mail = smtp.received.at(-1)!;
    expect(mail.from).toBe("no-reply@docsvc.test");
    expect(mail.to).toEqual(["ann@example.com"]);
    expect(mail.raw).toMatch(/^Subject: Hello Ann$/m);
    expect(mail.raw).toContain("Your code is 123456.");
    expect(await db.emailOutbox.findUniqueOrThrow({ where: { id: result.id } })).toMatchObject({
      status: "sent",
      to: "ann@example.com",
    });
  });

  it("records a failed delivery instead of losing it", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetConfigForTests();
    const db = await getDb();
    const result = await sendEmail({ db, message: { to: "bob@example.com", subject: "Unlucky", text: "…" } });
    expect(result.status).toBe("failed");
    const row = await db.emailOutbox.findUniqueOrThrow({ where: { id: result.id } });
    expect(row.status).toBe("failed");
    expect(row.error).toBeTruthy();
  });

  it("keeps mail in the outbox and the log when no SMTP server is configured", async () => {
    delete process.env.SMTP_URL;
    resetConfigForTests();
    const db = await getDb();
    const result = await sendEmail({ db, message: { to: "cy@example.com", subject: "Logged", text: "link" } });
    expect(result.status).toBe("logged");
    expect(await db.emailOutbox.findUniqueOrThrow({ where: { id: result.id } })).toMatchObject({
      status: "logged",
      text: "link",
    });
  });
});

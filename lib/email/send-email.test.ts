import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { sendEmail } from "./send-email";
import { startSmtpServer, type LocalSmtpServer } from "./testing/start-smtp-server";

let smtp: LocalSmtpServer;
let database: TestDatabase;
const EMAIL_FROM = "docsvc <no-reply@docsvc.test>";

beforeAll(async () => {
  smtp = await startSmtpServer();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
  await smtp?.close();
  resetConfigForTests();
});

describe("sendEmail", () => {
  it("delivers over SMTP when SMTP_URL is set and records the message as sent", async () => {
    setConfigForTests({ EMAIL_FROM, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    const db = database.db;
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
    setConfigForTests({ EMAIL_FROM, SMTP_URL: "smtp://127.0.0.1:1" });
    const db = database.db;
    const result = await sendEmail({ db, message: { to: "bob@example.com", subject: "Unlucky", text: "…" } });
    expect(result.status).toBe("failed");
    const row = await db.emailOutbox.findUniqueOrThrow({ where: { id: result.id } });
    expect(row.status).toBe("failed");
    expect(row.error).toBeTruthy();
  });

  it("keeps mail in the outbox and the log when no SMTP server is configured", async () => {
    setConfigForTests({ EMAIL_FROM, SMTP_URL: undefined });
    const db = database.db;
    const result = await sendEmail({ db, message: { to: "cy@example.com", subject: "Logged", text: "link" } });
    expect(result.status).toBe("logged");
    expect(await db.emailOutbox.findUniqueOrThrow({ where: { id: result.id } })).toMatchObject({
      status: "logged",
      text: "link",
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { startSmtpServer, readMailText, type LocalSmtpServer } from "@/lib/email/testing/start-smtp-server";
import { AppError } from "@/lib/errors/app-error";
import { resolveAccessToken } from "@/lib/auth/caller/resolve-caller";
import { signAccessToken } from "./access-token";
import { authenticateWithPassword } from "./authenticate-with-password";
import { registerUser } from "./register-user";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { sendVerificationCode } from "./send-verification-code";
import { verifyEmailCode } from "./verify-email-code";

// The email flows end to end over SMTP: the services send through a real SMTP server started here,
// and the tests act only on what arrived in its mailbox, as a person reading their mail would.

const APP_URL = "http://docsvc.test:3000";
const PASSWORD = "a sensible passphrase";
let smtp: LocalSmtpServer;
let database: TestDatabase;

beforeAll(async () => {
  smtp = await startSmtpServer();
  setConfigForTests({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    APP_URL,
    EMAIL_FROM: "docsvc <no-reply@docsvc.test>",
  });
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => {
  await database?.dispose();
  resetConfigForTests();
  await smtp?.close();
});

let counter = 0;
const uniqueEmail = () => `mail${++counter}-${Date.now()}@example.test`;

/** The messages that arrived for `to`, decoded, oldest first. */
function inbox(to: string) {
  return smtp.received.filter((mail) => mail.to.includes(to)).map((mail) => readMailText(mail.raw));
}

async function rejectsWith(promise: Promise<unknown>, code: AppError["code"]): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
}

function resetLinkToken(text: string): string {
  const link = new RegExp(`${APP_URL}/reset-password\\?token=([\\w-]+)`).exec(text);
  if (!link) throw new Error(`No reset link in: ${text}`);
  return link[1];
}

describe("forgot-password over SMTP", () => {
  it("mails a link whose token resets the password, revoking the old sessions and links", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    const db = database.db;
    const { token: accessToken } = await signAccessToken(user);
    await expect(resolveAccessToken({ db, token: accessToken })).resolves.toMatchObject({ user: { id: user.id } });

    await requestPasswordReset({ db: database.db, email });
    await requestPasswordReset({ db: database.db, email: email.toUpperCase() });
    const mails = inbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe("Reset your docsvc password");
    const [olderToken, token] = mails.map((mail) => resetLinkToken(mail.text));
    expect(olderToken).not.toBe(token);

    // A newer link closes the older one.
    await rejectsWith(
      resetPassword({ db: database.db, token: olderToken, newPassword: "another sensible passphrase" }),
      "bad_request",
    );
    await resetPassword({ db: database.db, token, newPassword: "another sensible passphrase" });

    await expect(
      authenticateWithPassword({ db: database.db, email, password: "another sensible passphrase" }),
    ).resolves.toMatchObject({
      id: user.id,
    });
    await rejectsWith(authenticateWithPassword({ db: database.db, email, password: PASSWORD }), "unauthorized");
    // Every access token issued before the reset is revoked, and the link is single-use.
    await rejectsWith(resolveAccessToken({ db, token: accessToken }), "unauthorized");
    await rejectsWith(
      resetPassword({ db: database.db, token, newPassword: "a third sensible passphrase" }),
      "bad_request",
    );
  });

  it("sends nothing for an address without an account", async () => {
    const before = smtp.received.length;
    await requestPasswordReset({ db: database.db, email: uniqueEmail() });
    expect(smtp.received).toHaveLength(before);
  });
});

describe("email verification over SMTP", () => {
  it("mails a 6-digit code that verifies the address; a newer code replaces the older", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    await sendVerificationCode({ db: database.db, userId: user.id, email });
    await sendVerificationCode({ db: database.db, userId: user.id, email });
    const codes = inbox(email).map((mail) => {
      const code = /verification code is (\d{6})\./.exec(mail.text)?.[1];
      if (!code) throw new Error(`No code in: ${mail.text}`);
      expect(mail.subject).toBe(`Your docsvc verification code: ${code}`);
      return code;
    });
    expect(codes).toHaveLength(2);

    const [older, latest] = codes;
    // Two random codes can coincide (one in a million); then the older one cannot be told apart.
    if (older !== latest)
      await rejectsWith(verifyEmailCode({ db: database.db, userId: user.id, code: older }), "bad_request");
    await expect(verifyEmailCode({ db: database.db, userId: user.id, code: latest })).resolves.toEqual({
      email,
      changed: false,
    });
    const db = database.db;
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
    // Spent: the same code does not work twice.
    await rejectsWith(verifyEmailCode({ db: database.db, userId: user.id, code: latest }), "bad_request");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors/app-error";
import { acceptInvitation } from "./accept-invitation";
import { authenticateWithPassword } from "./authenticate-with-password";
import { changePassword } from "./change-password";
import { createInvitation } from "./create-invitation";
import { getInvitationInfo } from "./get-invitation-info";
import { registerUser } from "./register-user";
import { requestEmailChange } from "./request-email-change";
import { requestPasswordReset } from "./request-password-reset";
import { resetPassword } from "./reset-password";
import { sendVerificationCode } from "./send-verification-code";
import { verifyEmailCode } from "./verify-email-code";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
});
afterAll(async () => database?.dispose());

let counter = 0;
const uniqueEmail = () => `user${++counter}-${Date.now()}@example.com`;
const PASSWORD = "a sensible passphrase";

async function rejectsWith(promise: Promise<unknown>, code: AppError["code"]): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

async function lastMailTo(email: string) {
  const db = database.db;
  return db.emailOutbox.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: "desc" } });
}

describe("registration and sign-in", () => {
  it("registers with a normalised email and signs in with any casing", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email: `  ${email.toUpperCase()} `, password: PASSWORD });
    expect(user.email).toBe(email);
    const db = database.db;
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { passwordHash: false } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(user).not.toHaveProperty("passwordHash");
    const signedIn = await authenticateWithPassword({
      db: database.db,
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(signedIn.id).toBe(user.id);
  });

  it("answers 409 for a duplicate and 401 with one message for any wrong credential", async () => {
    const email = uniqueEmail();
    await registerUser({ db: database.db, email, password: PASSWORD });
    await rejectsWith(registerUser({ db: database.db, email, password: PASSWORD }), "conflict");
    const wrongPassword = await rejectsWith(
      authenticateWithPassword({ db: database.db, email, password: "wrong password" }),
      "unauthorized",
    );
    const unknownUser = await rejectsWith(
      authenticateWithPassword({ db: database.db, email: uniqueEmail(), password: PASSWORD }),
      "unauthorized",
    );
    expect(wrongPassword.message).toBe(unknownUser.message);
  });

  it("refuses a password equal to the email", async () => {
    const email = uniqueEmail();
    await rejectsWith(registerUser({ db: database.db, email, password: email }), "validation_error");
  });

  it("locks an unknown address out of an account after repeated failures, even for the right password, with Retry-After", async () => {
    const email = uniqueEmail();
    await registerUser({ db: database.db, email, password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt++) {
      await rejectsWith(
        authenticateWithPassword({ db: database.db, email, password: `wrong ${attempt}` }),
        "unauthorized",
      );
    }
    const locked = await rejectsWith(
      authenticateWithPassword({ db: database.db, email, password: PASSWORD }),
      "rate_limit_exceeded",
    );
    expect(Number(locked.headers["Retry-After"])).toBeGreaterThan(0);
  });

  it("locks a client address that fails across many accounts", async () => {
    const clientAddress = "203.0.113.7";
    for (let attempt = 0; attempt < 25; attempt++) {
      await rejectsWith(
        authenticateWithPassword({ db: database.db, email: uniqueEmail(), password: "wrong", clientAddress }),
        "unauthorized",
      );
    }
    await rejectsWith(
      authenticateWithPassword({ db: database.db, email: uniqueEmail(), password: "wrong", clientAddress }),
      "rate_limit_exceeded",
    );
    // Another address is unaffected.
    await rejectsWith(
      authenticateWithPassword({
        db: database.db,
        email: uniqueEmail(),
        password: "wrong",
        clientAddress: "203.0.113.8",
      }),
      "unauthorized",
    );
  });
});

describe("password reset", () => {
  it("sends a single-use link that changes the password and revokes tokens", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    await requestPasswordReset({ db: database.db, email: email.toUpperCase() });
    const mail = await lastMailTo(email);
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get("token")!;

    await resetPassword({ db: database.db, token, newPassword: "a brand new passphrase" });
    await rejectsWith(resetPassword({ db: database.db, token, newPassword: "yet another passphrase" }), "bad_request");
    await rejectsWith(authenticateWithPassword({ db: database.db, email, password: PASSWORD }), "unauthorized");
    await authenticateWithPassword({ db: database.db, email, password: "a brand new passphrase" });
    const db = database.db;
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).tokenVersion).toBe(1);
  });

  it("closes older links when a new one is requested, and rejects expired ones", async () => {
    const email = uniqueEmail();
    await registerUser({ db: database.db, email, password: PASSWORD });
    await requestPasswordReset({ db: database.db, email });
    const first = new URL(/https?:\/\/\S+/.exec((await lastMailTo(email)).text)![0]).searchParams.get("token")!;
    await requestPasswordReset({ db: database.db, email });
    await rejectsWith(
      resetPassword({ db: database.db, token: first, newPassword: "a brand new passphrase" }),
      "bad_request",
    );

    const db = database.db;
    const second = new URL(/https?:\/\/\S+/.exec((await lastMailTo(email)).text)![0]).searchParams.get("token")!;
    await db.passwordResetToken.updateMany({
      where: { usedAt: null, user: { email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await rejectsWith(
      resetPassword({ db: database.db, token: second, newPassword: "a brand new passphrase" }),
      "bad_request",
    );
  });

  it("sends nothing for an unknown address and says nothing about it", async () => {
    const email = uniqueEmail();
    await expect(requestPasswordReset({ db: database.db, email })).resolves.toBeUndefined();
    const db = database.db;
    expect(await db.emailOutbox.count({ where: { to: email } })).toBe(0);
  });
});

describe("email verification", () => {
  const codeOf = async (email: string) => /\b(\d{6})\b/.exec((await lastMailTo(email)).text)![1];

  it("verifies with the mailed code, once", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    await sendVerificationCode({ db: database.db, userId: user.id, email });
    const code = await codeOf(email);
    const wrong = code === "000000" ? "111111" : "000000";
    await rejectsWith(verifyEmailCode({ db: database.db, userId: user.id, code: wrong }), "bad_request");
    expect(await verifyEmailCode({ db: database.db, userId: user.id, code })).toEqual({ email, changed: false });
    await rejectsWith(verifyEmailCode({ db: database.db, userId: user.id, code }), "bad_request");
    const db = database.db;
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).emailVerifiedAt).not.toBeNull();
  });

  it("kills a code after five wrong attempts", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    await sendVerificationCode({ db: database.db, userId: user.id, email });
    const code = await codeOf(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 0; attempt < 5; attempt++)
      await rejectsWith(verifyEmailCode({ db: database.db, userId: user.id, code: wrong }), "bad_request");
    const error = await rejectsWith(verifyEmailCode({ db: database.db, userId: user.id, code }), "bad_request");
    expect(error.message).toMatch(/Too many/);
  });

  it("changes the email only after the new address is verified", async () => {
    const email = uniqueEmail();
    const newEmail = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    await rejectsWith(
      requestEmailChange({ db: database.db, userId: user.id, currentPassword: "wrong password", newEmail }),
      "unauthorized",
    );
    await requestEmailChange({ db: database.db, userId: user.id, currentPassword: PASSWORD, newEmail });
    const db = database.db;
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(email);
    expect(await verifyEmailCode({ db: database.db, userId: user.id, code: await codeOf(newEmail) })).toEqual({
      email: newEmail,
      changed: true,
    });
    await authenticateWithPassword({ db: database.db, email: newEmail, password: PASSWORD });
  });
});

describe("invitations", () => {
  it("invites, shows the invitation, and registers the invitee once", async () => {
    const inviter = await registerUser({ db: database.db, email: uniqueEmail(), password: PASSWORD, name: "Ines" });
    const email = uniqueEmail();
    await createInvitation({ db: database.db, inviterId: inviter.id, email });
    const token = new URL(/https?:\/\/\S+/.exec((await lastMailTo(email)).text)![0]).searchParams.get("token")!;

    expect(await getInvitationInfo({ db: database.db, token: token })).toMatchObject({
      email,
      inviter_email: inviter.email,
      inviter_name: "Ines",
      status: "pending",
      is_valid: true,
    });
    const user = await acceptInvitation({ db: database.db, token, password: PASSWORD });
    expect(user.email).toBe(email);
    expect(user.emailVerifiedAt).not.toBeNull();
    expect(await getInvitationInfo({ db: database.db, token: token })).toMatchObject({
      status: "accepted",
      is_valid: false,
    });
    await rejectsWith(acceptInvitation({ db: database.db, token, password: PASSWORD }), "bad_request");
    await rejectsWith(getInvitationInfo({ db: database.db, token: "no-such-token" }), "not_found");
  });

  it("refuses inviting an existing account and accepting an expired invitation", async () => {
    const inviter = await registerUser({ db: database.db, email: uniqueEmail(), password: PASSWORD });
    await rejectsWith(createInvitation({ db: database.db, inviterId: inviter.id, email: inviter.email }), "conflict");
    const email = uniqueEmail();
    await createInvitation({ db: database.db, inviterId: inviter.id, email });
    const token = new URL(/https?:\/\/\S+/.exec((await lastMailTo(email)).text)![0]).searchParams.get("token")!;
    const db = database.db;
    await db.invitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await getInvitationInfo({ db: database.db, token: token })).toMatchObject({
      status: "expired",
      is_valid: false,
    });
    await rejectsWith(acceptInvitation({ db: database.db, token, password: PASSWORD }), "bad_request");
  });
});

describe("change password", () => {
  it("needs the current password and revokes earlier tokens", async () => {
    const email = uniqueEmail();
    const user = await registerUser({ db: database.db, email, password: PASSWORD });
    await rejectsWith(
      changePassword({
        db: database.db,
        userId: user.id,
        currentPassword: "wrong password",
        newPassword: "another passphrase",
      }),
      "unauthorized",
    );
    await rejectsWith(
      changePassword({ db: database.db, userId: user.id, currentPassword: PASSWORD, newPassword: PASSWORD }),
      "validation_error",
    );
    const updated = await changePassword({
      db: database.db,
      userId: user.id,
      currentPassword: PASSWORD,
      newPassword: "another passphrase",
    });
    expect(updated.tokenVersion).toBe(user.tokenVersion + 1);
    await authenticateWithPassword({ db: database.db, email, password: "another passphrase" });
  });
});

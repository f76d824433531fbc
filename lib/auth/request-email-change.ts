import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { normalizeEmail } from "./email-address";
import { requireCurrentPassword } from "./require-current-password";
import { sendVerificationCode } from "./send-verification-code";

/**
 * Starts an email change: after the password is re-entered, a code goes to the new address; the
 * account switches only when that code is verified, so nobody can move an account to a mailbox they
 * do not control.
 */
export async function requestEmailChange(input: {
  db: Db;
  userId: string;
  currentPassword: string;
  newEmail: string;
}): Promise<void> {
  const newEmail = normalizeEmail(input.newEmail);
  const { db } = input;
  const user = await requireCurrentPassword({ db, userId: input.userId, password: input.currentPassword });
  if (user.email === newEmail) throw new AppError("bad_request", "This is already your email address");
  if (await db.user.findUnique({ where: { email: newEmail }, select: { id: true } })) {
    throw new AppError("conflict", "An account with this email already exists");
  }
  await sendVerificationCode({ db, userId: user.id, email: newEmail });
}

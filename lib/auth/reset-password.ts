import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { hashPassword } from "./password";
import { checkPasswordPolicy } from "./password-policy";
import { hashSecretToken } from "./secret-token";
import { accountThrottleKeyPrefixes } from "./throttle";

const INVALID_LINK = "This password reset link is invalid or has expired";

/**
 * Sets a new password with a reset token. The token is spent atomically (a second use fails), every
 * other open link is closed, and every access token issued before is revoked.
 */
export async function resetPassword(input: { db: Db; token: string; newPassword: string }): Promise<void> {
  const { db } = input;
  const now = new Date();
  const record = await db.passwordResetToken.findUnique({
    where: { tokenHash: hashSecretToken(input.token) },
    include: { user: { select: { email: true } } },
  });
  if (!record || record.usedAt || record.expiresAt <= now) throw new AppError("bad_request", INVALID_LINK);

  const problem = checkPasswordPolicy(input.newPassword, record.user.email);
  if (problem)
    throw new AppError("validation_error", undefined, {
      issues: [{ loc: ["body", "new_password"], msg: problem, type: "value_error" }],
    });
  const passwordHash = await hashPassword(input.newPassword);

  await db.$transaction(async (tx) => {
    const spent = await tx.passwordResetToken.updateMany({
      where: { id: record.id, usedAt: null },
      data: { usedAt: now },
    });
    if (spent.count !== 1) throw new AppError("bad_request", INVALID_LINK);
    await tx.passwordResetToken.updateMany({ where: { userId: record.userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: record.userId }, data: { passwordHash, tokenVersion: { increment: 1 } } });
    // The owner just proved control of the mailbox: lift a lock an attacker may have caused.
    const [accountKey, pairPrefix] = accountThrottleKeyPrefixes(record.user.email);
    await tx.authThrottle.deleteMany({ where: { OR: [{ key: accountKey }, { key: { startsWith: pairPrefix } }] } });
  });
}

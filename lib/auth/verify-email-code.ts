import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { VERIFICATION_MAX_ATTEMPTS } from "./send-verification-code";
import { verificationCodeMatches } from "./verification-code-hash";

/**
 * Checks the user's latest code. A match marks the address verified (and, for an email change,
 * switches the account to the new address). Wrong guesses count; after the limit the code is dead.
 */
export async function verifyEmailCode(input: {
  db: Db;
  userId: string;
  code: string;
}): Promise<{ email: string; changed: boolean }> {
  const { db } = input;
  const now = new Date();
  const record = await db.emailVerificationCode.findFirst({
    where: { userId: input.userId, usedAt: null },
    orderBy: { createdAt: "desc" },
  });
  if (!record || record.expiresAt <= now)
    throw new AppError("bad_request", "No valid verification code; request a new one");
  if (record.attempts >= VERIFICATION_MAX_ATTEMPTS)
    throw new AppError("bad_request", "Too many wrong codes; request a new one");

  if (!verificationCodeMatches(record.id, input.code, record.codeHash)) {
    const updated = await db.emailVerificationCode.update({
      where: { id: record.id },
      data: { attempts: { increment: 1 } },
    });
    const left = Math.max(VERIFICATION_MAX_ATTEMPTS - updated.attempts, 0);
    throw new AppError(
      "bad_request",
      left > 0 ? `Invalid verification code (${left} attempts left)` : "Too many wrong codes; request a new one",
    );
  }

  return db.$transaction(async (tx) => {
    const spent = await tx.emailVerificationCode.updateMany({
      where: { id: record.id, usedAt: null },
      data: { usedAt: now },
    });
    if (spent.count !== 1) throw new AppError("bad_request", "No valid verification code; request a new one");
    const user = await tx.user.findUniqueOrThrow({ where: { id: input.userId }, select: { email: true } });
    const changed = user.email !== record.email;
    if (changed && (await tx.user.findUnique({ where: { email: record.email }, select: { id: true } }))) {
      throw new AppError("conflict", "An account with this email already exists");
    }
    await tx.user.update({ where: { id: input.userId }, data: { email: record.email, emailVerifiedAt: now } });
    return { email: record.email, changed };
  });
}

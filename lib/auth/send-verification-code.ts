import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { verificationCodeEmail } from "@/lib/email/templates";
import { sendEmail } from "@/lib/email/send-email";
import { AppError } from "@/lib/errors/app-error";
import { generateNumericCode } from "./secret-token";
import { hashVerificationCode } from "./verification-code-hash";

export const VERIFICATION_CODE_TTL_MINUTES = 15;
export const VERIFICATION_MAX_ATTEMPTS = 5;
const MAX_CODES_PER_HOUR = 10;

/**
 * Emails a fresh 6-digit code for `email` (the user's own address, or a new one being changed to);
 * older open codes stop working. Limited per hour so it cannot flood an inbox.
 */
export async function sendVerificationCode(input: { db: Db; userId: string; email: string }): Promise<void> {
  const { db } = input;
  const now = new Date();
  const recent = await db.emailVerificationCode.count({
    where: { userId: input.userId, createdAt: { gt: new Date(now.getTime() - 3_600_000) } },
  });
  if (recent >= MAX_CODES_PER_HOUR) {
    throw new AppError("rate_limit_exceeded", "Too many codes requested. Try again later.", {
      headers: { "Retry-After": "3600" },
    });
  }
  const id = randomUUID();
  const code = generateNumericCode(6);
  await db.$transaction([
    db.emailVerificationCode.updateMany({ where: { userId: input.userId, usedAt: null }, data: { usedAt: now } }),
    db.emailVerificationCode.create({
      data: {
        id,
        userId: input.userId,
        email: input.email,
        codeHash: hashVerificationCode(id, code),
        expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
      },
    }),
  ]);
  const sent = await sendEmail({
    db,
    message: verificationCodeEmail(input.email, code, VERIFICATION_CODE_TTL_MINUTES),
  });
  if (sent.status === "failed")
    throw new AppError("service_unavailable", "The verification email could not be sent. Try again later.");
}

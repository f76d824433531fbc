import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { passwordResetEmail } from "@/lib/email/templates";
import { sendEmail } from "@/lib/email/send-email";
import { normalizeEmail } from "./email-address";
import { generateSecretToken, hashSecretToken } from "./secret-token";

export const RESET_TOKEN_TTL_MINUTES = 60;
// Caps the mail one address can be sent, so the endpoint cannot be used to flood an inbox.
const MAX_RESETS_PER_HOUR = 5;

/**
 * Emails a single-use reset link when the address has an account; answers the same either way so the
 * endpoint does not reveal who is registered. A new link invalidates the older ones.
 */
export async function requestPasswordReset(input: { db: Db; email: string }): Promise<void> {
  const { db } = input;
  const user = await db.user.findUnique({
    where: { email: normalizeEmail(input.email) },
    select: { id: true, email: true },
  });
  if (!user) return;

  const now = new Date();
  const recent = await db.passwordResetToken.count({
    where: { userId: user.id, createdAt: { gt: new Date(now.getTime() - 3_600_000) } },
  });
  if (recent >= MAX_RESETS_PER_HOUR) {
    console.warn(`[auth] password reset for user ${user.id} not sent: ${recent} links in the last hour`);
    return;
  }
  const token = generateSecretToken();
  await db.$transaction([
    db.passwordResetToken.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.passwordResetToken.create({
      data: {
        userId: user.id,
        tokenHash: hashSecretToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      },
    }),
  ]);
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, getConfig().APP_URL).toString();
  await sendEmail({ db, message: passwordResetEmail(user.email, link, RESET_TOKEN_TTL_MINUTES) });
}

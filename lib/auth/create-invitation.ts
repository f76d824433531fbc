import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { invitationEmail } from "@/lib/email/templates";
import { sendEmail } from "@/lib/email/send-email";
import { AppError } from "@/lib/errors/app-error";
import { normalizeEmail } from "./email-address";
import { generateSecretToken, hashSecretToken } from "./secret-token";

export const INVITATION_TTL_DAYS = 7;
const MAX_INVITATIONS_PER_DAY = 50;

/**
 * Invites an address to create an account: emails a single-use link valid for 7 days. Refused for an
 * address that already has an account (409). The token itself is only ever in the email.
 */
export async function createInvitation(input: { db: Db; inviterId: string; email: string }) {
  const email = normalizeEmail(input.email);
  const { db } = input;
  const inviter = await db.user.findUniqueOrThrow({
    where: { id: input.inviterId },
    select: { email: true, name: true },
  });
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError("conflict", "An account with this email already exists");
  }
  const now = new Date();
  const sentToday = await db.invitation.count({
    where: { inviterId: input.inviterId, createdAt: { gt: new Date(now.getTime() - 86_400_000) } },
  });
  if (sentToday >= MAX_INVITATIONS_PER_DAY) {
    throw new AppError("rate_limit_exceeded", "Too many invitations today. Try again tomorrow.", {
      headers: { "Retry-After": "86400" },
    });
  }
  const token = generateSecretToken();
  const invitation = await db.invitation.create({
    data: {
      email,
      inviterId: input.inviterId,
      tokenHash: hashSecretToken(token),
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
    },
  });
  const link = new URL(`/invite?token=${encodeURIComponent(token)}`, getConfig().APP_URL).toString();
  const delivery = await sendEmail({
    db,
    message: invitationEmail({
      to: email,
      inviter: inviter.name ?? inviter.email,
      link,
      expiresAt: invitation.expiresAt,
    }),
  });
  return { invitation, emailStatus: delivery.status };
}

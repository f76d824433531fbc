import type { DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { hashSecretToken } from "./secret-token";

/**
 * Spends an invitation inside the caller's transaction: 404 when unknown, 400 when used or expired.
 * The conditional update makes a second concurrent use fail.
 */
export async function claimInvitation(options: { db: DbTransaction; token: string; now?: Date }) {
  const { db: tx, token, now = new Date() } = options;
  const invitation = await tx.invitation.findUnique({ where: { tokenHash: hashSecretToken(token) } });
  if (!invitation) throw new AppError("not_found", "Invitation not found");
  const claimed = await tx.invitation.updateMany({
    where: { id: invitation.id, acceptedAt: null, expiresAt: { gt: now } },
    data: { acceptedAt: now },
  });
  if (claimed.count !== 1) throw new AppError("bad_request", "This invitation has already been used or has expired");
  return invitation;
}

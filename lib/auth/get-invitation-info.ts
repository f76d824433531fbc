import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { hashSecretToken } from "./secret-token";
import type { z } from "zod";
import type { InvitationInfo } from "./schemas";

/** What the invitation page shows before the invitee sets a password; 404 for an unknown token. */
export async function getInvitationInfo({
  db,
  token,
  now = new Date(),
}: {
  db: Db;
  token: string;
  now?: Date;
}): Promise<z.infer<typeof InvitationInfo>> {
  const invitation = await db.invitation.findUnique({
    where: { tokenHash: hashSecretToken(token) },
    include: { inviter: { select: { email: true, name: true } } },
  });
  if (!invitation) throw new AppError("not_found", "Invitation not found");
  const status = invitation.acceptedAt ? "accepted" : invitation.expiresAt <= now ? "expired" : "pending";
  return {
    email: invitation.email,
    inviter_email: invitation.inviter?.email ?? null,
    inviter_name: invitation.inviter?.name ?? null,
    expires_at: invitation.expiresAt.toISOString(),
    status,
    is_valid: status === "pending",
  };
}

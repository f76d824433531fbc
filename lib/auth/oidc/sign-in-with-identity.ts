import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { claimInvitation } from "../claim-invitation";
import type { IdentityClaims } from "./verify-id-token";

/**
 * The user for a verified identity: the one already linked to it; else, when the provider vouches
 * for the email, the account with that email (now linked); else a new account. With an invitation,
 * the identity's email must be the invited one and the invitation is spent.
 */
export async function signInWithIdentity(input: {
  db: Db;
  issuer: string;
  claims: IdentityClaims;
  invitationToken?: string;
}) {
  const { db, claims, issuer } = input;
  const linked = await db.userIdentity.findUnique({
    where: { provider_subject: { provider: issuer, subject: claims.subject } },
    include: { user: true },
  });
  if (linked && !input.invitationToken) return { user: linked.user, isNewUser: false };
  if (!claims.email || !claims.emailVerified) {
    throw new AppError("forbidden", "The identity provider did not confirm an email address for this account");
  }
  const email = claims.email;

  return db.$transaction(async (tx) => {
    if (input.invitationToken) {
      const invitation = await claimInvitation({ db: tx, token: input.invitationToken });
      if (invitation.email !== email)
        throw new AppError("forbidden", "This invitation was sent to another email address");
      if (linked || (await tx.user.findUnique({ where: { email }, select: { id: true } }))) {
        throw new AppError("conflict", "An account with this email already exists; sign in instead");
      }
    }
    const existing = await tx.user.findUnique({ where: { email } });
    const user =
      existing ?? (await tx.user.create({ data: { email, name: claims.name, emailVerifiedAt: new Date() } }));
    if (existing && !existing.emailVerifiedAt)
      await tx.user.update({ where: { id: existing.id }, data: { emailVerifiedAt: new Date() } });
    await tx.userIdentity.create({ data: { userId: user.id, provider: issuer, subject: claims.subject, email } });
    return { user, isNewUser: !existing };
  });
}

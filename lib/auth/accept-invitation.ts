import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { claimInvitation } from "./claim-invitation";
import { hashPassword } from "./password";
import { checkPasswordPolicy } from "./password-policy";

/**
 * Creates the invited account with a password. The invitation link proves the mailbox, so the address
 * starts verified. Single use: the invitation is spent in the same transaction as the user is created.
 */
export async function acceptInvitation(input: { db: Db; token: string; password: string; name?: string }) {
  const { db } = input;
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(async (tx) => {
    const invitation = await claimInvitation({ db: tx, token: input.token });
    const problem = checkPasswordPolicy(input.password, invitation.email);
    if (problem)
      throw new AppError("validation_error", undefined, {
        issues: [{ loc: ["body", "password"], msg: problem, type: "value_error" }],
      });
    if (await tx.user.findUnique({ where: { email: invitation.email }, select: { id: true } })) {
      throw new AppError("conflict", "An account with this email already exists");
    }
    return tx.user.create({
      data: { email: invitation.email, passwordHash, name: input.name ?? null, emailVerifiedAt: new Date() },
    });
  });
}

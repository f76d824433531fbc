import { normalizeEmail } from "@/lib/auth/email-address";
import type { Db } from "@/lib/db";
import type { Tier } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { setUserTier } from "@/lib/users/set-user-tier";
import { MONTHLY_TOKEN_ALLOWANCE } from "@/lib/users/tier-allowance";

export type UserTierChange = { email: string; previous: Tier; tier: Tier; monthly_tokens: number };

/** Operator command: changes a user's tier, or (without a tier) shows it. */
export async function changeUserTier(input: { db: Db; email: string; tier?: string }): Promise<UserTierChange> {
  if (input.tier) {
    const changed = await setUserTier({ db: input.db, email: input.email, tier: input.tier });
    return { ...changed, monthly_tokens: MONTHLY_TOKEN_ALLOWANCE[changed.tier] };
  }
  const email = normalizeEmail(input.email);
  const user = await input.db.user.findUnique({ where: { email }, select: { tier: true } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  return { email, previous: user.tier, tier: user.tier, monthly_tokens: MONTHLY_TOKEN_ALLOWANCE[user.tier] };
}

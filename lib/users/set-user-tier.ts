import { normalizeEmail } from "@/lib/auth/email-address";
import type { Db } from "@/lib/db";
import type { Tier } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { TIERS } from "./tier-allowance";

/** Operator command behind `npm run user:tier -- EMAIL TIER`: changes a user's tier. */
export async function setUserTier(input: {
  db: Db;
  email: string;
  tier: string;
}): Promise<{ email: string; previous: Tier; tier: Tier }> {
  if (!TIERS.includes(input.tier as Tier))
    throw new AppError("bad_request", `Unknown tier "${input.tier}"; one of: ${TIERS.join(", ")}`);
  const { db } = input;
  const email = normalizeEmail(input.email);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, tier: true } });
  if (!user) throw new AppError("not_found", `No user with email ${email}`);
  const updated = await db.user.update({ where: { id: user.id }, data: { tier: input.tier as Tier } });
  return { email, previous: user.tier, tier: updated.tier };
}

import type { Db, DbTransaction } from "@/lib/db";
import type { Tier } from "@/lib/db/generated/enums";
import { tierLimits } from "@/lib/tiers";
import { currentUsagePeriod } from "@/lib/users/tier-allowance";

export interface TokenBalance {
  tier: Tier;
  /** The tier's monthly allowance. */
  allowance: number;
  /** Tokens charged in the current period, from every source (app and API share one balance). */
  used: number;
  remaining: number;
  periodStart: Date;
  periodEnd: Date;
}

/** The user's allowance minus the tokens used in the current calendar-month (UTC) billing period. */
export async function getTokenBalance(db: Db | DbTransaction, userId: string, now = new Date()): Promise<TokenBalance> {
  const { start, end } = currentUsagePeriod(now);
  const [user, usage] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { tier: true } }),
    db.usageEvent.aggregate({ where: { userId, createdAt: { gte: start, lt: end } }, _sum: { tokens: true } }),
  ]);
  const allowance = tierLimits(user.tier).monthlyTokens;
  const used = usage._sum.tokens ?? 0;
  return { tier: user.tier, allowance, used, remaining: Math.max(allowance - used, 0), periodStart: start, periodEnd: end };
}

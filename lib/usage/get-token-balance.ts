import type { Db, DbTransaction } from "@/lib/db";
import type { Tier } from "@/lib/db/generated/enums";
import { AppError } from "@/lib/errors/app-error";
import { tierLimits } from "@/lib/tiers";
import { currentUsagePeriod } from "@/lib/users/tier-allowance";

export interface TokenBalance {
  tier: Tier;
  /** The tier's monthly allowance. */
  allowance: number;
  /** Tokens charged in the current period, from every source (app and API share one balance). */
  used: number;
  /** allowance − used (what the user is shown). */
  remaining: number;
  /** Tokens reserved by accepted work not yet charged (documents being read, jobs running). */
  reserved: number;
  /** remaining − reserved: what a new request may still reserve. */
  available: number;
  periodStart: Date;
  periodEnd: Date;
}

type LedgerRow = { tier: Tier; used: number; reserved: number };

/**
 * The user's allowance minus the tokens used in the current calendar-month (UTC) billing period, and
 * the tokens reserved by unfinished work. One statement, so used and reserved come from one snapshot:
 * a page charged meanwhile moves its tokens from reserved to used without being counted twice or missed.
 */
export async function getTokenBalance(options: {
  db: Db | DbTransaction;
  userId: string;
  now?: Date;
}): Promise<TokenBalance> {
  const { db, userId, now = new Date() } = options;
  const { start, end } = currentUsagePeriod(now);
  const rows = await db.$queryRaw<LedgerRow[]>`
    SELECT u.tier::text AS tier,
      (SELECT COALESCE(SUM(e.tokens), 0) FROM usage_events e
        WHERE e."userId" = u.id AND e."createdAt" >= ${start} AND e."createdAt" < ${end})::int AS used,
      ((SELECT COALESCE(SUM(d."tokensReserved"), 0) FROM batch_documents d JOIN batches b ON b.id = d."batchId"
        WHERE b."userId" = u.id AND d.status IN ('uploaded', 'queued', 'processing'))
       + (SELECT COALESCE(SUM(j."tokensReserved"), 0) FROM jobs j WHERE j."userId" = u.id AND j.status = 'processing'))::int AS reserved
    FROM users u WHERE u.id = ${userId}::uuid`;
  const row = rows[0];
  if (!row) throw new AppError("not_found", "User not found");
  const allowance = tierLimits(row.tier).monthlyTokens;
  const remaining = Math.max(allowance - row.used, 0);
  return {
    tier: row.tier,
    allowance,
    used: row.used,
    remaining,
    reserved: row.reserved,
    available: Math.max(remaining - row.reserved, 0),
    periodStart: start,
    periodEnd: end,
  };
}

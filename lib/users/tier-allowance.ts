import type { Tier } from "@/lib/db/generated/enums";

/** Monthly token allowance of each tier. */
export const MONTHLY_TOKEN_ALLOWANCE: Record<Tier, number> = {
  free: 100_000,
  starter: 500_000,
  growth: 2_500_000,
  scale: 10_000_000,
};

export const TIERS = Object.keys(MONTHLY_TOKEN_ALLOWANCE) as Tier[];

/** The calendar month (UTC) containing `now`: usage periods reset on the 1st. */
export function currentUsagePeriod(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

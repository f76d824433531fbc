import type { Tier } from "@/lib/db/generated/enums";
import { MONTHLY_TOKEN_ALLOWANCE } from "@/lib/users/tier-allowance";

// The developer API's plans (developer-api.md, "Limits"). The monthly allowance is the accounts
// table's, so /api and /v1 agree on one balance.

export interface TierLimits {
  tier: Tier;
  name: string;
  monthlyTokens: number;
  requestsPerMinute: number;
  maxPagesPerRequest: number;
  maxFileSizeBytes: number;
}

const MB = 1024 * 1024;

export const TIER_LIMITS: Record<Tier, TierLimits> = {
  free: {
    tier: "free",
    name: "Free",
    monthlyTokens: MONTHLY_TOKEN_ALLOWANCE.free,
    requestsPerMinute: 10,
    maxPagesPerRequest: 10,
    maxFileSizeBytes: 10 * MB,
  },
  starter: {
    tier: "starter",
    name: "Starter",
    monthlyTokens: MONTHLY_TOKEN_ALLOWANCE.starter,
    requestsPerMinute: 30,
    maxPagesPerRequest: 50,
    maxFileSizeBytes: 25 * MB,
  },
  growth: {
    tier: "growth",
    name: "Growth",
    monthlyTokens: MONTHLY_TOKEN_ALLOWANCE.growth,
    requestsPerMinute: 60,
    maxPagesPerRequest: 100,
    maxFileSizeBytes: 50 * MB,
  },
  scale: {
    tier: "scale",
    name: "Scale",
    monthlyTokens: MONTHLY_TOKEN_ALLOWANCE.scale,
    requestsPerMinute: 120,
    maxPagesPerRequest: 200,
    maxFileSizeBytes: 100 * MB,
  },
};

/** The limits of a tier by name; an unknown name (a tier removed later) gets Free's. */
export function tierLimits(tier: string): TierLimits {
  return Object.hasOwn(TIER_LIMITS, tier) ? TIER_LIMITS[tier as Tier] : TIER_LIMITS.free;
}

export interface TokenPackage {
  tokens: number;
  priceUsdPerMonth: number;
  pricePerMillionUsd: number;
  /** The tier a purchase of this package puts the account on. */
  tier: Tier;
}

/** Token packages for sale (developer-api.md, "Limits" 3). */
export const TOKEN_PACKAGES: readonly TokenPackage[] = [
  { tokens: 500_000, priceUsdPerMonth: 15, pricePerMillionUsd: 30, tier: "starter" },
  { tokens: 2_500_000, priceUsdPerMonth: 60, pricePerMillionUsd: 24, tier: "growth" },
  { tokens: 10_000_000, priceUsdPerMonth: 200, pricePerMillionUsd: 20, tier: "scale" },
];

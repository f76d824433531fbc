import { describe, expect, it } from "vitest";
import { TIER_LIMITS, tierLimits, TOKEN_PACKAGES } from "./tiers";

describe("tiers", () => {
  it("match the developer API's limits table", () => {
    const rows = Object.values(TIER_LIMITS).map((t) => [
      t.name,
      t.monthlyTokens,
      t.requestsPerMinute,
      t.maxPagesPerRequest,
      t.maxFileSizeBytes / 1024 / 1024,
    ]);
    expect(rows).toEqual([
      ["Free", 100_000, 10, 10, 10],
      ["Starter", 500_000, 30, 50, 25],
      ["Growth", 2_500_000, 60, 100, 50],
      ["Scale", 10_000_000, 120, 200, 100],
    ]);
  });

  it("prices each package consistently with its price per million", () => {
    for (const pack of TOKEN_PACKAGES) {
      expect((pack.tokens / 1_000_000) * pack.pricePerMillionUsd).toBe(pack.priceUsdPerMonth);
      expect(TIER_LIMITS[pack.tier].monthlyTokens).toBe(pack.tokens);
    }
  });

  it("falls back to Free for an unknown tier", () => {
    expect(tierLimits("platinum").tier).toBe("free");
    expect(tierLimits("growth").requestsPerMinute).toBe(60);
  });
});

import { z } from "zod";
import { defaultOcrModel, modelVersions } from "@/lib/models";
import { TIER_LIMITS, TOKEN_PACKAGES } from "@/lib/tiers";

const ModelEntry = z.object({
  id: z.string().describe("The alias; it always points at the newest dated version."),
  latest_version: z.string(),
  versions: z.array(
    z.object({ id: z.string().describe("A dated id; pass it as model to pin the version."), released: z.string() }),
  ),
  kind: z.enum(["ocr", "fill"]),
  type: z.string(),
  speed: z.string(),
  token_cost_multiplier: z.number(),
  tokens_charged: z
    .object({ amount: z.number().int(), per: z.enum(["page", "form"]) })
    .describe("What one page (one form for fill) costs."),
  approximate_tokens: z.object({ min: z.number().int(), max: z.number().int(), per: z.enum(["page", "form"]) }),
  capabilities: z.array(z.string()),
  limits: z.object({ max_pages_per_request: z.number().int() }),
  recommended_use: z.string(),
  default: z.boolean(),
});

/** GET /v1/models. */
export const ModelListResponse = z
  .object({
    models: z.array(ModelEntry),
    pricing: z.object({
      token_packages: z.array(
        z.object({
          tokens: z.number().int(),
          price_usd_per_month: z.number(),
          price_per_million_usd: z.number(),
          tier: z.string(),
        }),
      ),
      tiers: z.array(
        z.object({
          tier: z.string(),
          name: z.string(),
          monthly_tokens: z.number().int(),
          requests_per_minute: z.number().int(),
          max_pages_per_request: z.number().int(),
          max_file_size_bytes: z.number().int(),
        }),
      ),
    }),
  })
  .meta({ id: "ModelList" });

export type ModelList = z.infer<typeof ModelListResponse>;

/** Every model family with its dated versions, costs, capabilities and limits, and the price list. */
export function listModels(): ModelList {
  const aliases = [...new Set(modelVersions.map((version) => version.alias))];
  const models = aliases.map((alias) => {
    const versions = modelVersions
      .filter((version) => version.alias === alias)
      .sort((a, b) => b.released.localeCompare(a.released));
    const latest = versions[0];
    return {
      id: alias,
      latest_version: latest.id,
      versions: versions.map((version) => ({ id: version.id, released: version.released })),
      kind: latest.kind,
      type: latest.description,
      speed: latest.speed,
      token_cost_multiplier: latest.costMultiplier,
      tokens_charged: { amount: latest.tokensPerPage, per: latest.approxTokens.per },
      approximate_tokens: latest.approxTokens,
      capabilities: latest.capabilities,
      limits: { max_pages_per_request: latest.maxPagesPerRequest },
      recommended_use: latest.bestFor,
      default: alias === defaultOcrModel,
    };
  });
  return {
    models,
    pricing: {
      token_packages: TOKEN_PACKAGES.map((pack) => ({
        tokens: pack.tokens,
        price_usd_per_month: pack.priceUsdPerMonth,
        price_per_million_usd: pack.pricePerMillionUsd,
        tier: pack.tier,
      })),
      tiers: Object.values(TIER_LIMITS).map((tier) => ({
        tier: tier.tier,
        name: tier.name,
        monthly_tokens: tier.monthlyTokens,
        requests_per_minute: tier.requestsPerMinute,
        max_pages_per_request: tier.maxPagesPerRequest,
        max_file_size_bytes: tier.maxFileSizeBytes,
      })),
    },
  };
}

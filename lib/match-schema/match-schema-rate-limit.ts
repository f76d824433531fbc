import { getClientAddress } from "@/lib/auth/client-address";
import type { RouteHook } from "@/lib/contracts/contract";
import { AppError } from "@/lib/errors/app-error";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { getDb } from "@/lib/db";
import { getRateLimitStore } from "@/lib/rate-limit/get-rate-limit-store";
import { rateLimitHeaders } from "@/lib/rate-limit/rate-limit-headers";
import type { RateLimitStore } from "@/lib/rate-limit/types";
import { tierLimits } from "@/lib/tiers";

/** Requests per minute from one address without signing in (the free tier's rate). */
export const ANONYMOUS_MATCHES_PER_MINUTE = tierLimits("free").requestsPerMinute;

/**
 * match-schema needs no sign-in, so anonymous calls are limited per client address; signed-in
 * callers by their tier, guests as the free tier. Over the limit: 429 with Retry-After.
 */
export function createMatchSchemaRateLimitHook({
  getStore = () => getRateLimitStore({ getDb }),
}: { getStore?: () => Promise<RateLimitStore> } = {}): RouteHook {
  return async ({ req, caller }) => {
    const { key, limit } =
      caller.kind === "user"
        ? { key: `match-schema:user:${caller.user.id}`, limit: tierLimits(caller.user.tier).requestsPerMinute }
        : caller.kind === "guest"
          ? { key: `match-schema:guest:${caller.guestSessionId}`, limit: ANONYMOUS_MATCHES_PER_MINUTE }
          : { key: `match-schema:ip:${getClientAddress(req) ?? "unknown"}`, limit: ANONYMOUS_MATCHES_PER_MINUTE };
    const result = await consumeRateLimit(await getStore(), { key, limit });
    const headers = rateLimitHeaders(result);
    if (!result.allowed) {
      throw new AppError(
        "rate_limit_exceeded",
        `At most ${limit} schema matches per minute${caller.kind === "user" ? "" : " without signing in"}; retry in ${result.retryAfter} s.`,
        { headers },
      );
    }
    return headers;
  };
}

export const matchSchemaRateLimitHook = createMatchSchemaRateLimitHook();

import { getClientAddress } from "@/lib/auth/client-address";
import type { RouteHook } from "@/lib/contracts/contract";
import { AppError } from "@/lib/errors/app-error";
import { consumeRateLimit } from "@/lib/rate-limit/consume-rate-limit";
import { getDb } from "@/lib/db";
import { getRateLimitStore } from "@/lib/rate-limit/get-rate-limit-store";
import { rateLimitHeaders } from "@/lib/rate-limit/rate-limit-headers";
import type { RateLimitStore } from "@/lib/rate-limit/types";
import { tierLimits } from "@/lib/tiers";

/** Web calls per minute from one client address without signing in: the free tier's rate, as match-schema. */
export const ANONYMOUS_WEB_CALLS_PER_MINUTE = tierLimits("free").requestsPerMinute;

/**
 * The web operations the spec leaves open need no sign-in, so guests and anonymous callers are limited
 * per client address (a guest session is cheap to make, an address is not). Signed-in users are bounded
 * by the session pool as before. Over the limit: 429 with Retry-After.
 */
export function createWebRateLimitHook({
  getStore = () => getRateLimitStore({ getDb }),
}: { getStore?: () => Promise<RateLimitStore> } = {}): RouteHook {
  return async ({ req, caller }) => {
    if (caller.kind === "user") return;
    const limit = ANONYMOUS_WEB_CALLS_PER_MINUTE;
    const result = await consumeRateLimit(await getStore(), {
      key: `web:ip:${getClientAddress(req) ?? "unknown"}`,
      limit,
    });
    const headers = rateLimitHeaders(result);
    if (!result.allowed) {
      throw new AppError(
        "rate_limit_exceeded",
        `At most ${limit} web calls per minute without signing in; retry in ${result.retryAfter} s.`,
        { headers },
      );
    }
    return headers;
  };
}

export const webRateLimitHook = createWebRateLimitHook();

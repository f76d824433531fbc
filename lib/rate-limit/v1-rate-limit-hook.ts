import { getClientAddress } from "@/lib/auth/client-address";
import type { RouteHook } from "@/lib/contracts/contract";
import { AppError } from "@/lib/errors/app-error";
import { tierLimits } from "@/lib/tiers";
import { consumeRateLimit } from "./consume-rate-limit";
import { getDb } from "@/lib/db";
import { getRateLimitStore } from "./get-rate-limit-store";
import { rateLimitHeaders } from "./rate-limit-headers";
import type { RateLimitStore } from "./types";

/**
 * The developer API's limiter, for SURFACE_HOOKS.v1: counts the request against the API key's tier
 * limit (per key), sets X-RateLimit-* on the response, and answers 429 rate_limit_exceeded with
 * Retry-After over the limit. A request whose credentials are refused is counted against its client
 * address (REFUSED_PER_MINUTE), so its 401 carries X-RateLimit-* too and guessing keys is throttled.
 * Other anonymous requests (GET /v1/health) are not counted: health must answer without the database
 * when the database is down.
 */
/**
 * Requests with refused credentials one client address may send per minute. Generous: keys cannot be
 * guessed (32 random bytes), so this only stops floods, and an office behind one address shares it.
 */
export const REFUSED_PER_MINUTE = 300;

export function createV1RateLimitHook({
  getStore = () => getRateLimitStore({ getDb }),
  now = () => new Date(),
}: {
  getStore?: () => Promise<RateLimitStore>;
  /** The clock the window is taken from; tests fix it so a minute's boundary cannot fall mid-test. */
  now?: () => Date;
} = {}): RouteHook {
  return async ({ req, caller, refused }) => {
    const subject = refused
      ? { key: `refused:${getClientAddress(req) ?? "unknown"}`, limit: REFUSED_PER_MINUTE }
      : limitFor(caller);
    if (!subject) return;
    const { key, limit } = subject;
    const result = await consumeRateLimit(await getStore(), { key, limit, now: now() });
    const headers = rateLimitHeaders(result);
    if (!result.allowed) {
      throw new AppError(
        "rate_limit_exceeded",
        `Rate limit of ${limit} requests per minute exceeded; retry in ${result.retryAfter} s.`,
        { headers },
      );
    }
    return headers;
  };
}

function limitFor(caller: Parameters<RouteHook>[0]["caller"]): { key: string; limit: number } | null {
  if (caller.kind === "user") {
    const limit = tierLimits(caller.user.tier).requestsPerMinute;
    return caller.via === "api_key"
      ? { key: `apikey:${caller.apiKeyId}`, limit }
      : { key: `user:${caller.user.id}`, limit };
  }
  if (caller.kind === "guest")
    return { key: `guest:${caller.guestSessionId}`, limit: tierLimits("free").requestsPerMinute };
  return null;
}

export const v1RateLimitHook = createV1RateLimitHook();

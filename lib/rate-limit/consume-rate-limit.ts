import type { RateLimitResult, RateLimitStore } from "./types";

export const RATE_LIMIT_WINDOW_MS = 60_000;

export interface ConsumeRateLimitOptions {
  /** Who is limited: an API key (`apikey:<id>`), a client address (`ip:<address>`). */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs?: number;
  now?: Date;
}

/**
 * Counts one request in the key's current fixed window (aligned to the clock, so every instance
 * agrees on the window) and says whether it is within the limit. Requests over the limit are counted
 * too, which keeps `remaining` at 0 until the window ends.
 */
export async function consumeRateLimit(
  store: RateLimitStore,
  options: ConsumeRateLimitOptions,
): Promise<RateLimitResult> {
  const windowMs = options.windowMs ?? RATE_LIMIT_WINDOW_MS;
  const nowMs = (options.now ?? new Date()).getTime();
  const windowStartMs = Math.floor(nowMs / windowMs) * windowMs;
  const windowEndMs = windowStartMs + windowMs;
  const count = await store.increment(options.key, new Date(windowStartMs), windowMs);
  const allowed = count <= options.limit;
  return {
    limit: options.limit,
    remaining: Math.max(options.limit - count, 0),
    reset: Math.ceil(windowEndMs / 1000),
    allowed,
    retryAfter: allowed ? 0 : Math.max(Math.ceil((windowEndMs - nowMs) / 1000), 1),
  };
}

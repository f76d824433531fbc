import { Redis } from "ioredis";
import type { RateLimitStore } from "./types";

// INCR and the expiry in one script, so a crash between them cannot leave a counter that never expires.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Fixed-window counters in Redis, one key per limit key and window, expiring after the window. */
export function createRedisRateLimitStore({ redis }: { redis: Redis }): RateLimitStore {
  return {
    async increment(key, windowStart, windowMs) {
      const redisKey = `docsvc:ratelimit:${key}:${windowStart.getTime()}`;
      // A second of slack so clocks a little apart between instances still find the counter.
      const count = await redis.eval(INCREMENT_SCRIPT, 1, redisKey, String(windowMs + 1000));
      return Number(count);
    },
  };
}

/** A Redis connection that fails fast instead of queueing commands while Redis is down. */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    connectTimeout: 2_000,
    lazyConnect: false,
  });
}

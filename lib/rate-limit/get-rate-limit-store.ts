import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createDatabaseRateLimitStore } from "./database-store";
import { connectRedis, createRedisRateLimitStore } from "./redis-store";
import type { RateLimitStore } from "./types";

// One store per process; cached on globalThis because Next.js dev re-evaluates modules on edits and
// each evaluation would open another Redis connection.
const cache = globalThis as typeof globalThis & { __docsvcRateLimitStore?: Promise<RateLimitStore> };

/** Redis when REDIS_URL is set, the database otherwise (opened only then, by `getDb`). */
export function getRateLimitStore(options: { getDb: () => Promise<Db> }): Promise<RateLimitStore> {
  cache.__docsvcRateLimitStore ??= (async () => {
    const { REDIS_URL } = getConfig();
    return REDIS_URL
      ? createRedisRateLimitStore({ redis: connectRedis(REDIS_URL) })
      : createDatabaseRateLimitStore({ db: await options.getDb() });
  })().catch((error: unknown) => {
    // Let the next request try again rather than caching the failure.
    cache.__docsvcRateLimitStore = undefined;
    throw error;
  });
  return cache.__docsvcRateLimitStore;
}

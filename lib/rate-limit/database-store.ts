import type { Db } from "@/lib/db";
import type { RateLimitStore } from "./types";

/**
 * Fixed-window counters in the rate_limit_windows table. One atomic upsert per request, so concurrent
 * requests on several instances each get a distinct count.
 */
export function createDatabaseRateLimitStore({ db }: { db: Db }): RateLimitStore {
  return {
    async increment(key, windowStart) {
      const rows = await db.$queryRaw<Array<{ count: number }>>`
        INSERT INTO "rate_limit_windows" ("key", "windowStart", "count") VALUES (${key}, ${windowStart}, 1)
        ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "rate_limit_windows"."count" + 1
        RETURNING "count"`;
      const count = Number(rows[0].count);
      // The first request of a window clears the key's earlier windows, so the table stays one row per key.
      if (count === 1)
        await db.$executeRaw`DELETE FROM "rate_limit_windows" WHERE "key" = ${key} AND "windowStart" < ${windowStart}`;
      return count;
    },
  };
}

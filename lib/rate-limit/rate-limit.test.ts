import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig } from "@/lib/config";
import { createTestDatabase, testPostgresUrl, type TestDatabase } from "@/lib/db/testing";
import type { CallerUser } from "@/lib/contracts/caller";
import type { RouteContract } from "@/lib/contracts/contract";
import { consumeRateLimit } from "./consume-rate-limit";
import { createDatabaseRateLimitStore } from "./database-store";
import { rateLimitHeaders } from "./rate-limit-headers";
import { createRedisRateLimitStore } from "./redis-store";
import type { RateLimitStore } from "./types";
import { createV1RateLimitHook, REFUSED_PER_MINUTE } from "./v1-rate-limit-hook";

const REDIS_URL = getConfig().TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisReachable();
if (!hasRedis) console.warn(`[rate-limit.test] no Redis at ${REDIS_URL}: the Redis backend is not tested`);
if (!testPostgresUrl()) console.warn("[rate-limit.test] TEST_DATABASE_URL unset: the PostgreSQL backend is not tested");

type Backend = { store: RateLimitStore; close(): Promise<void> };

const backends: Array<[string, boolean, () => Promise<Backend>]> = [
  ["PGlite", true, () => databaseBackend("pglite")],
  ["PostgreSQL", testPostgresUrl() !== undefined, () => databaseBackend("postgresql")],
  ["Redis", hasRedis, redisBackend],
];

async function databaseBackend(kind: "pglite" | "postgresql"): Promise<Backend> {
  const testDb: TestDatabase = await createTestDatabase({ kind });
  return { store: createDatabaseRateLimitStore({ db: testDb.db }), close: () => testDb.dispose() };
}

async function redisBackend(): Promise<Backend> {
  const redis = new Redis(REDIS_URL);
  return { store: createRedisRateLimitStore({ redis }), close: async () => void (await redis.quit()) };
}

const uniqueKey = (name: string) => `${name}:${crypto.randomUUID()}`;

describe.each(backends)("rate limit on %s", (_name, available, open) => {
  let backend: Backend;
  beforeAll(async () => {
    if (available) backend = await open();
  });
  afterAll(() => backend?.close());

  it.skipIf(!available)("allows exactly the limit among many concurrent requests", async () => {
    const key = uniqueKey("concurrent");
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 60 }, () => consumeRateLimit(backend.store, { key, limit: 25, now })),
    );
    const allowed = results.filter((result) => result.allowed);
    expect(allowed).toHaveLength(25);
    // Every allowed request saw a different count: remaining 24, 23, … 0 once each.
    expect(allowed.map((result) => result.remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i),
    );
    const refused = results.filter((result) => !result.allowed);
    expect(refused).toHaveLength(35);
    for (const result of refused) {
      expect(result.remaining).toBe(0);
      expect(result.retryAfter).toBeGreaterThanOrEqual(1);
      expect(result.retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it.skipIf(!available)("counts each key separately and starts again in the next window", async () => {
    const key = uniqueKey("window");
    const other = uniqueKey("other");
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const inWindow = new Date(start.getTime() + 45_000);
    const nextWindow = new Date(start.getTime() + 61_000);
    for (let i = 0; i < 3; i++) await consumeRateLimit(backend.store, { key, limit: 3, now: inWindow });
    const over = await consumeRateLimit(backend.store, { key, limit: 3, now: inWindow });
    expect(over).toEqual({
      limit: 3,
      remaining: 0,
      reset: start.getTime() / 1000 + 60,
      allowed: false,
      retryAfter: 15,
    });
    expect((await consumeRateLimit(backend.store, { key: other, limit: 3, now: inWindow })).allowed).toBe(true);
    expect(await consumeRateLimit(backend.store, { key, limit: 3, now: nextWindow })).toMatchObject({
      allowed: true,
      remaining: 2,
      reset: start.getTime() / 1000 + 120,
    });
  });
});

describe("rate limit headers", () => {
  it("carry limit, remaining and reset, and Retry-After only when refused", () => {
    expect(rateLimitHeaders({ limit: 10, remaining: 3, reset: 1_700_000_060, allowed: true, retryAfter: 0 })).toEqual({
      "X-RateLimit-Limit": "10",
      "X-RateLimit-Remaining": "3",
      "X-RateLimit-Reset": "1700000060",
    });
    expect(
      rateLimitHeaders({ limit: 10, remaining: 0, reset: 1_700_000_060, allowed: false, retryAfter: 12 }),
    ).toMatchObject({ "Retry-After": "12" });
  });
});

describe("the /v1 hook", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ kind: "pglite" });
  });
  afterAll(() => testDb?.dispose());

  it("limits an API key to its tier's requests per minute and answers 429 with headers", async () => {
    const hook = createV1RateLimitHook({
      getStore: async () => createDatabaseRateLimitStore({ db: testDb.db }),
      now: () => new Date("2026-01-01T12:00:30Z"),
    });
    const user: CallerUser = {
      id: crypto.randomUUID(),
      email: "a@example.com",
      name: null,
      tier: "free",
      tokenVersion: 0,
      emailVerifiedAt: null,
      createdAt: new Date(),
    };
    const context = {
      req: new Request("http://localhost/v1/models"),
      caller: { kind: "user" as const, user, via: "api_key" as const, apiKeyId: crypto.randomUUID() },
      contract: {} as RouteContract,
    };
    const seen: Array<Record<string, string> | void> = [];
    for (let i = 0; i < 10; i++) seen.push(await hook(context));
    expect(seen[0]).toMatchObject({ "X-RateLimit-Limit": "10", "X-RateLimit-Remaining": "9" });
    expect(seen[9]).toMatchObject({ "X-RateLimit-Remaining": "0" });
    const refusal = await hook(context).catch((thrown: unknown) => thrown);
    expect(refusal).toMatchObject({ code: "rate_limit_exceeded", status: 429 });
    expect((refusal as { headers: Record<string, string> }).headers).toMatchObject({
      "X-RateLimit-Limit": "10",
      "X-RateLimit-Remaining": "0",
    });
    expect(Number((refusal as { headers: Record<string, string> }).headers["Retry-After"])).toBeGreaterThanOrEqual(1);

    // Another key of a Scale user has its own, larger allowance.
    const scale = {
      ...context,
      caller: { ...context.caller, user: { ...user, tier: "scale" }, apiKeyId: crypto.randomUUID() },
    };
    expect(await hook(scale)).toMatchObject({ "X-RateLimit-Limit": "120", "X-RateLimit-Remaining": "119" });

    // Anonymous requests (GET /v1/health) are not counted and touch no store.
    const untouched = createV1RateLimitHook({
      getStore: async () => {
        throw new Error("the store must not be used");
      },
    });
    expect(await untouched({ ...context, caller: { kind: "anonymous" } })).toBeUndefined();
  });
});

describe("the /v1 hook on refused credentials (probe finding 10)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ kind: "pglite" });
  });
  afterAll(() => testDb?.dispose());

  it("counts them per client address, so the 401 carries X-RateLimit-* and guessing is throttled", async () => {
    const hook = createV1RateLimitHook({
      getStore: async () => createDatabaseRateLimitStore({ db: testDb.db }),
      now: () => new Date("2026-01-01T12:00:30Z"),
    });
    const req = new Request("http://localhost/v1/jobs", { headers: { "x-docsvc-peer": "198.51.100.23" } });
    const context = { req, caller: { kind: "anonymous" as const }, contract: {} as RouteContract, refused: true };
    expect(await hook(context)).toMatchObject({
      "X-RateLimit-Limit": String(REFUSED_PER_MINUTE),
      "X-RateLimit-Remaining": String(REFUSED_PER_MINUTE - 1),
    });
    for (let i = 1; i < REFUSED_PER_MINUTE; i++) await hook(context);
    await expect(hook(context)).rejects.toMatchObject({ code: "rate_limit_exceeded", status: 429 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { assertTokensAvailable } from "./assert-tokens-available";
import { chargeUsage } from "./charge-usage";
import { getApiUsage } from "./get-api-usage";
import { getTokenBalance } from "./get-token-balance";

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb?.dispose());

let counter = 0;
async function newUser(tier: "free" | "starter" | "growth" | "scale" = "free") {
  counter += 1;
  return db.user.create({ data: { email: `usage-${counter}-${Date.now()}@example.com`, tier } });
}

describe("token balance", () => {
  it("is the tier's allowance minus this month's tokens from every source", async () => {
    const user = await newUser("starter");
    await chargeUsage(db, {
      userId: user.id,
      source: "api",
      operation: "extract",
      model: "docsvc-OCR-v1-2025-02",
      pages: 3,
      tokens: 3000,
      chargeKey: `t1-${user.id}`,
    });
    await chargeUsage(db, {
      userId: user.id,
      source: "app",
      operation: "ocr",
      model: "docsvc-OCR-v1-2025-02",
      pages: 1,
      tokens: 1000,
      chargeKey: `t2-${user.id}`,
    });
    // Last month's usage does not count against this month.
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await db.usageEvent.create({
      data: { userId: user.id, source: "api", operation: "extract", tokens: 99_000, createdAt: lastMonth },
    });

    const balance = await getTokenBalance({ db, userId: user.id });
    expect(balance).toMatchObject({ tier: "starter", allowance: 500_000, used: 4000, remaining: 496_000 });
    expect(balance.periodStart.getUTCDate()).toBe(1);
  });

  it("answers insufficient_tokens (402) when the request needs more than remains", async () => {
    const user = await newUser("free");
    await chargeUsage(db, {
      userId: user.id,
      source: "api",
      operation: "extract",
      pages: 99,
      tokens: 99_500,
      chargeKey: `big-${user.id}`,
    });
    await expect(assertTokensAvailable({ db, userId: user.id, tokensNeeded: 500 })).resolves.toMatchObject({
      remaining: 500,
    });
    const error = await assertTokensAvailable({ db, userId: user.id, tokensNeeded: 1000 }).catch(
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ code: "insufficient_tokens", status: 402 });
    expect((error as Error).message).toMatch(/needs about 1,000 tokens but 500 of the free tier's 100,000/);
  });
});

describe("chargeUsage", () => {
  it("charges a charge key once, also when retried concurrently", async () => {
    const user = await newUser();
    const charge = {
      userId: user.id,
      source: "api" as const,
      operation: "extract",
      model: "m",
      pages: 2,
      tokens: 2000,
      chargeKey: `job:x:file:0:${user.id}`,
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => chargeUsage(db, charge)));
    expect(results.filter((result) => result.charged)).toHaveLength(1);
    expect(await chargeUsage(db, charge)).toEqual({ charged: false });
    expect(await db.usageEvent.count({ where: { userId: user.id } })).toBe(1);
    expect((await getTokenBalance({ db, userId: user.id })).used).toBe(2000);
  });

  it("works inside a transaction without aborting it", async () => {
    const user = await newUser();
    const charge = {
      userId: user.id,
      source: "api" as const,
      operation: "extract",
      pages: 1,
      tokens: 10,
      chargeKey: `tx-${user.id}`,
    };
    await chargeUsage(db, charge);
    const count = await db.$transaction(async (tx) => {
      await chargeUsage(tx, charge);
      return tx.usageEvent.count({ where: { userId: user.id } });
    });
    expect(count).toBe(1);
  });
});

describe("getApiUsage", () => {
  it("reports jobs, documents, pages and tokens by model for the period", async () => {
    const user = await newUser("growth");
    const jobA = await db.job.create({ data: { userId: user.id, type: "extract", status: "completed" } });
    const jobB = await db.job.create({ data: { userId: user.id, type: "extract", status: "failed" } });
    await db.job.create({ data: { userId: user.id, type: "fill_pdf", status: "processing" } });
    await chargeUsage(db, {
      userId: user.id,
      source: "api",
      operation: "extract",
      model: "docsvc-OCR-v1-2025-02",
      pages: 2,
      tokens: 2000,
      chargeKey: `a0-${user.id}`,
      jobId: jobA.id,
    });
    await chargeUsage(db, {
      userId: user.id,
      source: "api",
      operation: "extract",
      model: "docsvc-OCR-v1-2025-02",
      pages: 1,
      tokens: 1000,
      chargeKey: `a1-${user.id}`,
      jobId: jobA.id,
    });
    await chargeUsage(db, {
      userId: user.id,
      source: "api",
      operation: "extract",
      model: "docsvc-OCR-XL-v1-2025-02",
      pages: 3,
      tokens: 6000,
      chargeKey: `b0-${user.id}`,
      jobId: jobB.id,
    });
    await chargeUsage(db, {
      userId: user.id,
      source: "app",
      operation: "ocr",
      model: "docsvc-OCR-v1-2025-02",
      pages: 1,
      tokens: 1000,
      chargeKey: `app-${user.id}`,
    });

    const usage = await getApiUsage({ db, userId: user.id });
    expect(usage).toMatchObject({
      tier: "growth",
      tokens: { allowance: 2_500_000, used: 10_000, remaining: 2_490_000, used_by_api: 9000, used_by_app: 1000 },
      requests: {
        total: 3,
        by_status: { completed: 1, failed: 1, processing: 1 },
        by_type: { extract: 2, fill_pdf: 1 },
      },
      documents: { processed: 3, pages: 6 },
      models: [
        { model: "docsvc-OCR-XL-v1-2025-02", requests: 1, documents: 1, pages: 3, tokens: 6000 },
        { model: "docsvc-OCR-v1-2025-02", requests: 1, documents: 2, pages: 3, tokens: 3000 },
      ],
      limits: { requests_per_minute: 60, max_pages_per_request: 100, max_file_size_bytes: 50 * 1024 * 1024 },
    });
  });
});

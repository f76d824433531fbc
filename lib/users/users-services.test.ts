import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors/app-error";
import { createApiKey } from "./create-api-key";
import { deactivateApiKey } from "./deactivate-api-key";
import { getUsageSummary } from "./get-usage-summary";
import { listApiKeys } from "./list-api-keys";
import { setUserTier } from "./set-user-tier";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => database?.dispose());

let counter = 0;
const newUser = () =>
  registerUser({
    db,
    email: `u${++counter}-${Date.now()}@example.com`,
    password: "a sensible passphrase",
  });

describe("API keys", () => {
  it("stores only the hash, lists without the key, deactivates for the owner only", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const created = await createApiKey({ db, userId: alice.id, name: "ci" });
    expect(created.key).toMatch(/^sd_[A-Za-z0-9_-]{43}$/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id: created.key_id } });
    expect(row.keyHash).not.toContain(created.key);
    expect(row.lastFour).toBe(created.key.slice(-4));

    expect(JSON.stringify(await listApiKeys({ db, userId: alice.id }))).not.toContain(created.key);
    expect(await listApiKeys({ db, userId: bob.id })).toEqual([]);
    await expect(deactivateApiKey({ db, userId: bob.id, keyId: created.key_id })).rejects.toMatchObject({
      code: "not_found",
    });
    await deactivateApiKey({ db, userId: alice.id, keyId: created.key_id });
    await deactivateApiKey({ db, userId: alice.id, keyId: created.key_id });
    expect((await listApiKeys({ db, userId: alice.id }))[0]).toMatchObject({ is_active: false });
    await expect(deactivateApiKey({ db, userId: alice.id, keyId: "nope" })).rejects.toBeInstanceOf(AppError);
  });
});

describe("usage summary", () => {
  it("sums this month's events against the tier allowance, by day and by model", async () => {
    const user = await newUser();
    const now = new Date(Date.UTC(2026, 4, 3, 12));
    await db.usageEvent.createMany({
      data: [
        {
          userId: user.id,
          source: "app",
          operation: "ocr",
          model: "docsvc-OCR-v1",
          tokens: 1000,
          pages: 2,
          documentId: "11111111-1111-1111-1111-111111111111",
          createdAt: new Date(Date.UTC(2026, 4, 1, 8)),
        },
        {
          userId: user.id,
          source: "app",
          operation: "ocr",
          model: "docsvc-OCR-v1",
          tokens: 500,
          pages: 1,
          documentId: "11111111-1111-1111-1111-111111111111",
          createdAt: new Date(Date.UTC(2026, 4, 1, 9)),
        },
        {
          userId: user.id,
          source: "api",
          operation: "extract",
          model: "docsvc-OCR-XL-v1",
          tokens: 3000,
          pages: 3,
          createdAt: new Date(Date.UTC(2026, 4, 3, 10)),
        },
        // Last month: not counted.
        {
          userId: user.id,
          source: "api",
          operation: "extract",
          model: "docsvc-OCR-v1",
          tokens: 99_999,
          pages: 9,
          createdAt: new Date(Date.UTC(2026, 3, 30, 10)),
        },
      ],
    });
    const usage = await getUsageSummary({ db, userId: user.id, now });
    expect(usage).toMatchObject({
      tier: "free",
      tokens_used: 4500,
      tokens_limit: 100_000,
      tokens_remaining: 95_500,
      requests: 2,
      pages: 6,
    });
    expect(usage.period_start).toBe("2026-05-01T00:00:00.000Z");
    expect(usage.by_day).toEqual([
      { date: "2026-05-01", tokens: 1500, requests: 1, pages: 3 },
      { date: "2026-05-02", tokens: 0, requests: 0, pages: 0 },
      { date: "2026-05-03", tokens: 3000, requests: 1, pages: 3 },
    ]);
    expect(usage.by_model).toEqual([
      { model: "docsvc-OCR-XL-v1", tokens: 3000, requests: 1, pages: 3 },
      { model: "docsvc-OCR-v1", tokens: 1500, requests: 1, pages: 3 },
    ]);

    await setUserTier({ db, email: user.email.toUpperCase(), tier: "growth" });
    expect((await getUsageSummary({ db, userId: user.id, now })).tokens_limit).toBe(2_500_000);
    await expect(setUserTier({ db, email: user.email, tier: "platinum" })).rejects.toMatchObject({
      code: "bad_request",
    });
    await expect(setUserTier({ db, email: "nobody@example.com", tier: "free" })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

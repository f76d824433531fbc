import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { hashIdempotentRequest } from "./hash-idempotent-request";
import { IDEMPOTENCY_TTL_MS, withIdempotency } from "./with-idempotency";

let testDb: TestDatabase;
let db: Db;
let userId: string;
let otherUserId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  userId = (await db.user.create({ data: { email: "idem@example.com" } })).id;
  otherUserId = (await db.user.create({ data: { email: "idem-other@example.com" } })).id;
});
afterAll(() => testDb?.dispose());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withIdempotency", () => {
  it("replays the first answer for the same key and request without producing again", async () => {
    let produced = 0;
    const produce = async () => ({ status: 202, body: { id: `job-${++produced}`, status: "processing" } });
    const first = await withIdempotency({ db, request: { userId, key: "k-replay", requestHash: "h1" }, produce });
    const second = await withIdempotency({ db, request: { userId, key: "k-replay", requestHash: "h1" }, produce });
    expect(first).toEqual({ status: 202, body: { id: "job-1", status: "processing" }, replayed: false });
    expect(second).toEqual({ status: 202, body: { id: "job-1", status: "processing" }, replayed: true });
    expect(produced).toBe(1);
  });

  it("refuses the same key with a different request (422)", async () => {
    await withIdempotency({
      db,
      request: { userId, key: "k-reuse", requestHash: "h1" },
      produce: async () => ({ status: 200, body: {} }),
    });
    const error = await withIdempotency({
      db,
      request: { userId, key: "k-reuse", requestHash: "h2" },
      produce: async () => ({
        status: 200,
        body: {},
      }),
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect((error as Error).message).toMatch(/different request/);
  });

  it("keeps keys per user", async () => {
    await withIdempotency({
      db,
      request: { userId, key: "k-shared", requestHash: "a" },
      produce: async () => ({
        status: 200,
        body: { who: "first" },
      }),
    });
    const other = await withIdempotency({
      db,
      request: { userId: otherUserId, key: "k-shared", requestHash: "b" },
      produce: async () => ({
        status: 200,
        body: { who: "other" },
      }),
    });
    expect(other).toMatchObject({ body: { who: "other" }, replayed: false });
  });

  it("lets exactly one of many concurrent duplicates produce; the others get its answer", async () => {
    let produced = 0;
    const produce = async () => {
      produced += 1;
      await sleep(300);
      return { status: 202, body: { id: "the-one" } };
    };
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        withIdempotency({ db, request: { userId, key: "k-race", requestHash: "h" }, produce }),
      ),
    );
    expect(produced).toBe(1);
    expect(results.every((result) => result.status === 202 && (result.body as { id: string }).id === "the-one")).toBe(
      true,
    );
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
  });

  it("answers 409 to a duplicate that waited too long for the first", async () => {
    const slow = withIdempotency({
      db,
      request: { userId, key: "k-slow", requestHash: "h" },
      produce: async () => {
        await sleep(800);
        return { status: 200, body: {} };
      },
    });
    await sleep(50);
    const error = await withIdempotency({
      db,
      request: { userId, key: "k-slow", requestHash: "h" },
      produce: async () => ({ status: 200, body: {} }),
      waitMs: 200,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "conflict", status: 409 });
    await slow;
  });

  it("stores nothing when producing fails, so a retry runs again", async () => {
    const failure = withIdempotency({
      db,
      request: { userId, key: "k-fail", requestHash: "h" },
      produce: async () => {
        throw new Error("engine down");
      },
    });
    await expect(failure).rejects.toThrow("engine down");
    const retry = await withIdempotency({
      db,
      request: { userId, key: "k-fail", requestHash: "h" },
      produce: async () => ({
        status: 200,
        body: { ok: true },
      }),
    });
    expect(retry).toMatchObject({ body: { ok: true }, replayed: false });
  });

  it("forgets answers after 24 hours", async () => {
    let produced = 0;
    const produce = async () => ({ status: 200, body: { n: ++produced } });
    await withIdempotency({ db, request: { userId, key: "k-old", requestHash: "h" }, produce });
    const later = () => new Date(Date.now() + IDEMPOTENCY_TTL_MS + 1000);
    // After expiry even a different request may use the key.
    const again = await withIdempotency({
      db,
      request: { userId, key: "k-old", requestHash: "other" },
      produce,
      now: later,
    });
    expect(again).toMatchObject({ body: { n: 2 }, replayed: false });
  });

  it("refuses keys that are empty, too long or not visible ASCII", async () => {
    for (const key of ["", "x".repeat(256), "has space", "ключ"]) {
      await expect(
        withIdempotency({
          db,
          request: { userId, key, requestHash: "h" },
          produce: async () => ({ status: 200, body: {} }),
        }),
      ).rejects.toMatchObject({ status: 400 });
    }
  });
});

describe("hashIdempotentRequest", () => {
  function form(fileText: string) {
    const data = new FormData();
    data.append("file", new File([fileText], "a.pdf", { type: "application/pdf" }));
    data.append("model", "docsvc-OCR-v1");
    return data;
  }

  it("is the same for a retried multipart request and differs when a file or field changes", async () => {
    const base = { method: "POST", path: "/v1/extract" };
    const a = await hashIdempotentRequest({ ...base, form: form("%PDF-1") });
    const b = await hashIdempotentRequest({ ...base, form: form("%PDF-1") });
    const c = await hashIdempotentRequest({ ...base, form: form("%PDF-2") });
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(await hashIdempotentRequest({ ...base, path: "/v1/fill/pdf", form: form("%PDF-1") })).not.toBe(a);
  });

  it("ignores the order of JSON keys", async () => {
    const one = await hashIdempotentRequest({ method: "POST", path: "/p", json: { a: 1, b: [1, { c: 2, d: 3 }] } });
    const two = await hashIdempotentRequest({ method: "POST", path: "/p", json: { b: [1, { d: 3, c: 2 }], a: 1 } });
    expect(one).toBe(two);
  });
});

// Reservations under concurrency (overspending by parallel requests). Here in lib/db because CI runs
// lib/db a second time on PostgreSQL (TEST_DATABASE_URL), where requests really run in parallel.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaPg } from "@prisma/adapter-pg";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { readQueue } from "@/lib/diagnostics/read-queue";
import type { CallerUser } from "@/lib/contracts/caller";
import type { RouteContract } from "@/lib/contracts/contract";
import { createDatabaseRateLimitStore } from "@/lib/rate-limit/database-store";
import { createV1RateLimitHook } from "@/lib/rate-limit/v1-rate-limit-hook";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { createLocalBlobStore } from "@/lib/storage/local-blob-store";
import type { BlobStore } from "@/lib/storage";
import { chargeUsage } from "@/lib/usage/charge-usage";
import { getTokenBalance } from "@/lib/usage/get-token-balance";
import { advanceJobProgress } from "@/lib/v1/jobs/advance-job-progress";
import { createJob } from "@/lib/v1/jobs/create-job";
import { createPrismaClient } from "./create-client";
import type { Db } from "./index";
import { createTestDatabase, type TestDatabase } from "./testing";

let testDb: TestDatabase;
let db: Db;
let store: BlobStore;
let blobRoot: string;
let threePages: Buffer;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
  blobRoot = await mkdtemp(path.join(os.tmpdir(), "docsvc-reservations-"));
  store = createLocalBlobStore(blobRoot);
  threePages = await makeTextPdf([["Page one"], ["Page two"], ["Page three"]]);
});
afterAll(async () => {
  await testDb?.dispose();
  if (blobRoot) await rm(blobRoot, { recursive: true, force: true });
});

/** A Free user (100,000 tokens) who has already used all but `left` tokens this month. */
async function userWithTokensLeft(left: number) {
  const user = await db.user.create({ data: { email: `reserve-${crypto.randomUUID()}@example.com`, tier: "free" } });
  await chargeUsage(db, {
    userId: user.id,
    source: "app",
    operation: "ocr",
    pages: 1,
    tokens: 100_000 - left,
    chargeKey: `earlier:${user.id}`,
  });
  return user;
}

function pdfFile(name: string): File {
  return new File([new Uint8Array(threePages)], name, { type: "application/pdf" });
}

function outcome(settled: PromiseSettledResult<unknown>[]) {
  const refused = settled
    .filter((result) => result.status === "rejected")
    .map((result) => (result as PromiseRejectedResult).reason as { code?: string });
  return {
    accepted: settled.length - refused.length,
    refusedCodes: [...new Set(refused.map((reason) => reason.code))],
  };
}

describe("token reservations", () => {
  it("20 concurrent uploads at a balance that fits three of them: exactly three are accepted, nothing is overspent", async () => {
    const user = await userWithTokensLeft(10_000); // three 3-page uploads (9,000 tokens) fit, a fourth does not
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        uploadBatch({
          db,
          store,
          owner: { userId: user.id },
          tier: "free",
          files: [pdfFile(`scan-${index}.pdf`)],
          skipProcessing: true,
        }),
      ),
    );
    expect(outcome(settled)).toEqual({ accepted: 3, refusedCodes: ["insufficient_tokens"] });
    const balance = await getTokenBalance({ db, userId: user.id });
    expect(balance).toMatchObject({ used: 90_000, reserved: 9000, available: 1000 });
    // A refused upload leaves no batch (and no stored file) behind.
    expect(await db.batch.count({ where: { userId: user.id } })).toBe(3);
  });

  it("20 concurrent /v1 jobs: only what the balance covers is accepted", async () => {
    const user = await userWithTokensLeft(5000);
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        createJob({ db, userId: user.id, type: "extract", model: "docsvc-OCR-v1-2025-02", tokensReserved: 2000 }),
      ),
    );
    expect(outcome(settled)).toEqual({ accepted: 2, refusedCodes: ["insufficient_tokens"] });
    expect(await getTokenBalance({ db, userId: user.id })).toMatchObject({ reserved: 4000, available: 1000 });
  });

  it("turns a reservation into charges page by page and releases what a finished document did not use", async () => {
    const user = await userWithTokensLeft(10_000);
    const upload = await uploadBatch({
      db,
      store,
      owner: { userId: user.id },
      tier: "free",
      files: [pdfFile("one.pdf")],
      skipProcessing: true,
    });
    const documentId = upload.documents[0].document_id;
    expect(await getTokenBalance({ db, userId: user.id })).toMatchObject({
      used: 90_000,
      reserved: 3000,
      available: 7000,
    });

    const page = (n: number) => ({
      userId: user.id,
      source: "app" as const,
      operation: "ocr",
      pages: 1,
      tokens: 1000,
      chargeKey: `doc:${documentId}:page:${n}`,
      documentId,
    });
    expect(await chargeUsage(db, page(1))).toEqual({ charged: true });
    expect(await chargeUsage(db, page(1))).toEqual({ charged: false }); // a retried step moves nothing twice
    expect(await getTokenBalance({ db, userId: user.id })).toMatchObject({
      used: 91_000,
      reserved: 2000,
      available: 7000,
    });

    // Pages 2 and 3 fail: the document finishes partially completed and its remaining reservation is free again.
    await db.batchDocument.update({ where: { id: documentId }, data: { status: "partially_completed" } });
    expect(await getTokenBalance({ db, userId: user.id })).toMatchObject({
      used: 91_000,
      reserved: 0,
      available: 9000,
    });
  });

  it("releases a /v1 job's reservation when it is cancelled", async () => {
    const user = await userWithTokensLeft(5000);
    const job = await createJob({ db, userId: user.id, type: "extract", tokensReserved: 4000 });
    await chargeUsage(db, {
      userId: user.id,
      source: "api",
      operation: "extract",
      pages: 1,
      tokens: 1000,
      chargeKey: `job:${job.id}:file:1`,
      jobId: job.id,
    });
    expect(await getTokenBalance({ db, userId: user.id })).toMatchObject({
      used: 96_000,
      reserved: 3000,
      available: 1000,
    });
    await db.job.update({ where: { id: job.id }, data: { status: "cancelled" } });
    expect(await getTokenBalance({ db, userId: user.id })).toMatchObject({ reserved: 0, available: 4000 });
  });
});

describe("guest reservations", () => {
  it("five concurrent uploads on one guest session: exactly one is accepted", async () => {
    const session = await db.guestSession.create({
      data: { id: `guest_${crypto.randomUUID()}`, ipHash: "test", expiresAt: new Date(Date.now() + 86_400_000) },
    });
    const settled = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) =>
        uploadBatch({
          db,
          store,
          owner: { guestSessionId: session.id },
          files: [pdfFile(`guest-${index}.pdf`)],
          skipProcessing: true,
        }),
      ),
    );
    expect(outcome(settled)).toEqual({ accepted: 1, refusedCodes: ["forbidden"] });
    expect(await db.batchDocument.count({ where: { batch: { guestSessionId: session.id } } })).toBe(1);
  });
});

describe("rate limits under concurrency", () => {
  it("30 concurrent requests with one Free key (10 per minute): exactly 10 pass, across two app instances on PostgreSQL", async () => {
    // On PostgreSQL a second client stands for a second app instance sharing the database.
    const second =
      testDb.kind === "postgresql" && testDb.url
        ? createPrismaClient(new PrismaPg({ connectionString: testDb.url }), "postgresql")
        : null;
    try {
      const instances = [db, second ?? db].map((client) =>
        createV1RateLimitHook({ getStore: async () => createDatabaseRateLimitStore({ db: client }) }),
      );
      const user: CallerUser = {
        id: crypto.randomUUID(),
        email: "limits@example.com",
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
      const settled = await Promise.allSettled(Array.from({ length: 30 }, (_, index) => instances[index % 2](context)));
      expect(outcome(settled)).toEqual({ accepted: 10, refusedCodes: ["rate_limit_exceeded"] });
    } finally {
      await second?.$disconnect();
    }
  });
});

describe("job progress (probe finding 10)", () => {
  it("never goes backwards when a resumed run reads a file again from its first page", async () => {
    const user = await userWithTokensLeft(100_000);
    const job = await createJob({ db, userId: user.id, type: "extract", progressTotal: 20 });
    const seen: number[] = [];
    for (const current of [6, 13, 6, 9, 15]) {
      await advanceJobProgress({ db, jobId: job.id, current, message: `at ${current}` });
      seen.push((await db.job.findUniqueOrThrow({ where: { id: job.id } })).progressCurrent);
    }
    expect(seen).toEqual([6, 13, 13, 13, 15]);
  });
});

describe("the queue in GET /v1/health", () => {
  it("counts unfinished documents and jobs and reports the oldest one's age", async () => {
    const before = await readQueue({ db });
    const user = await userWithTokensLeft(100_000);
    const job = await createJob({ db, userId: user.id, type: "extract" });
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.job.update({ where: { id: job.id }, data: { createdAt: hourAgo } });
    const later = new Date(Date.now() + 60_000);
    const after = await readQueue({ db, now: later });
    expect(after).toMatchObject({ jobs: before.jobs + 1, depth: before.depth + 1 });
    expect(after.oldest_unfinished_age_seconds).toBeGreaterThanOrEqual(3660);
    await db.job.update({ where: { id: job.id }, data: { status: "completed" } });
    expect((await readQueue({ db })).jobs).toBe(before.jobs);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { cancelJob } from "./cancel-job";
import { createJob } from "./create-job";
import { JOB_ERROR_CODES, V1_ERROR_CODES } from "@/lib/v1/errors/error-codes";
import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import { getJobOrThrow } from "./get-job-or-throw";
import { listJobs } from "./list-jobs";
import { JobResponse, serializeJob } from "./serialize-job";

let testDb: TestDatabase;
let db: Db;
let alice: string;
let bob: string;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "0";
  resetConfigForTests();
  testDb = await createTestDatabase();
  db = testDb.db;
  alice = (await db.user.create({ data: { email: "alice@example.com" } })).id;
  bob = (await db.user.create({ data: { email: "bob@example.com" } })).id;
});
afterAll(() => testDb?.dispose());

describe("createJob", () => {
  it("creates a processing job whose output expires 7 days after creation", async () => {
    const job = await createJob({
      db,
      userId: alice,
      type: "extract",
      model: "docsvc-OCR-v1-2025-02",
      input: { files: ["k"] },
      progressTotal: 3,
    });
    expect(job.status).toBe("processing");
    expect(job.expiresAt!.getTime() - job.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(serializeJob(job)).toEqual({
      id: job.id,
      type: "extract",
      status: "processing",
      model: "docsvc-OCR-v1-2025-02",
      created_at: job.createdAt.toISOString(),
      completed_at: null,
      progress: { current: 0, total: 3, message: null },
    });
  });

  it("refuses a webhook_url that points into a private network (400)", async () => {
    await expect(
      createJob({ db, userId: alice, type: "extract", webhookUrl: "http://169.254.169.254/latest" }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      createJob({ db, userId: alice, type: "extract", webhookUrl: "ftp://93.184.215.14/" }),
    ).rejects.toMatchObject({ status: 400 });
    const job = await createJob({ db, userId: alice, type: "extract", webhookUrl: "https://93.184.215.14/hook" });
    expect(job.webhookUrl).toBe("https://93.184.215.14/hook");
  });
});

describe("serializeJob", () => {
  it("shows result when completed and error when failed or cancelled, and validates against the Job schema", async () => {
    const base = await createJob({ db, userId: alice, type: "fill_pdf" });
    const completed = serializeJob({
      ...base,
      status: "completed",
      result: { fields_filled: 3 },
      completedAt: new Date(),
    });
    expect(completed).toMatchObject({ status: "completed", result: { fields_filled: 3 } });
    expect(completed).not.toHaveProperty("progress");
    expect(completed).not.toHaveProperty("error");
    const failed = serializeJob({
      ...base,
      status: "failed",
      errorCode: "no_form_fields",
      errorMessage: "No fields",
      completedAt: new Date(),
    });
    expect(failed).toMatchObject({ status: "failed", error: { code: "no_form_fields", message: "No fields" } });
    expect(failed).not.toHaveProperty("result");
    for (const body of [completed, failed, serializeJob(base)]) expect(JobResponse.safeParse(body).success).toBe(true);
  });
});

describe("getJobOrThrow", () => {
  it("answers 404 for another user's job, an unknown id and a malformed id", async () => {
    const job = await createJob({ db, userId: alice, type: "extract" });
    await expect(getJobOrThrow({ db, userId: alice, jobId: job.id })).resolves.toMatchObject({ id: job.id });
    for (const [user, id] of [
      [bob, job.id],
      [alice, crypto.randomUUID()],
      [alice, "not-a-uuid"],
    ]) {
      await expect(getJobOrThrow({ db, userId: user, jobId: id })).rejects.toMatchObject({
        code: "not_found",
        status: 404,
      });
    }
  });
});

describe("listJobs", () => {
  it("pages through the user's jobs newest first, filtered by status", async () => {
    const user = (await db.user.create({ data: { email: "lister@example.com" } })).id;
    const created: string[] = [];
    const sameInstant = new Date();
    for (let i = 0; i < 7; i++) {
      // Several jobs share a created_at: the cursor must still neither skip nor repeat one.
      const job = await db.job.create({
        data: {
          userId: user,
          type: "extract",
          status: i % 2 ? "completed" : "processing",
          createdAt: i < 4 ? sameInstant : new Date(sameInstant.getTime() + i * 1000),
        },
      });
      created.push(job.id);
    }
    await createJob({ db, userId: bob, type: "extract" });

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listJobs({ db, userId: user, limit: 3, cursor });
      seen.push(...page.data.map((job) => job.id));
      cursor = page.next_cursor ?? undefined;
      expect(page.has_more).toBe(cursor !== undefined);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(7);
    expect(new Set(seen)).toEqual(new Set(created));
    expect(seen.slice(0, 3)).toEqual([created[6], created[5], created[4]]);

    const completed = await listJobs({ db, userId: user, status: "completed" });
    expect(completed.data.map((job) => job.status)).toEqual(["completed", "completed", "completed"]);
    await expect(listJobs({ db, userId: user, cursor: "garbage" })).rejects.toMatchObject({ status: 400 });
  });
});

describe("cancelJob", () => {
  it("cancels a processing job once and refuses to cancel a finished one", async () => {
    const job = await createJob({ db, userId: alice, type: "extract" });
    await expect(cancelJob({ db, userId: bob, jobId: job.id })).rejects.toMatchObject({ status: 404 });
    const cancelled = await cancelJob({ db, userId: alice, jobId: job.id });
    expect(cancelled).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
    expect(cancelled.completed_at).not.toBeNull();
    await expect(cancelJob({ db, userId: alice, jobId: job.id })).resolves.toMatchObject({ status: "cancelled" });
    const done = await db.job.create({ data: { userId: alice, type: "extract", status: "completed", result: {} } });
    await expect(cancelJob({ db, userId: alice, jobId: done.id })).rejects.toMatchObject({
      code: "conflict",
      status: 409,
    });
  });
});

describe("error codes", () => {
  it("describe every code, and every job code is in the table", () => {
    for (const [code, entry] of Object.entries(V1_ERROR_CODES)) {
      expect(entry.description.length, code).toBeGreaterThan(10);
    }
    expect(V1_ERROR_CODES.insufficient_tokens.status).toBe(402);
    expect(V1_ERROR_CODES.rate_limit_exceeded.status).toBe(429);
    expect(V1_ERROR_CODES.cancelled.status).toBeNull();
    for (const code of JOB_ERROR_CODES) expect(Object.hasOwn(V1_ERROR_CODES, code), code).toBe(true);
  });

  it("take each refusal's status from the one table both surfaces render from", () => {
    for (const [code, entry] of Object.entries(V1_ERROR_CODES)) {
      if (code === "cancelled") continue;
      expect(entry.status, code).toBe(new AppError(code as ErrorCode).status);
    }
    // Internal codes the developer API maps to documented ones are not documented themselves.
    expect(Object.hasOwn(V1_ERROR_CODES, "corrupt_document")).toBe(false);
  });
});

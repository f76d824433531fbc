import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors/app-error";
import { getBlobStore, resetBlobStoreForTests } from "@/lib/storage";
import { deleteExpiredJobOutputs } from "./delete-expired-job-outputs";
import { downloadJobOutput } from "./download-job-output";
import { sendFile } from "@/lib/http/send-file";
// The service's file as its route sends it.
const downloadResponse = async (...args: Parameters<typeof downloadJobOutput>) =>
  sendFile(await downloadJobOutput(...args));
// downloadJobOutput and deleteExpiredJobOutputs on a real test database and the local blob store in
// a temporary DATA_DIR (both read the process-wide store, getBlobStore()).
let dataDir: string;
let testDb: TestDatabase;
let db: Db;
let alice: string;
let bob: string;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "docsvc-job-output-"));
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("BLOB_READ_WRITE_TOKEN", "");
  resetConfigForTests();
  resetBlobStoreForTests();
  testDb = await createTestDatabase();
  db = testDb.db;
  alice = (await db.user.create({ data: { email: "alice-output@example.com" } })).id;
  bob = (await db.user.create({ data: { email: "bob-output@example.com" } })).id;
});
afterAll(async () => {
  await testDb?.dispose();
  vi.unstubAllEnvs();
  resetConfigForTests();
  resetBlobStoreForTests();
  await rm(dataDir, { recursive: true, force: true });
});

/** A completed fill job whose file is stored under a fresh key. */
async function jobWithFile(options: { expiresAt: Date; name?: string | null; type?: string | null; body?: string }) {
  const key = `jobs/${randomUUID()}/output.pdf`;
  await getBlobStore().put(key, Buffer.from(options.body ?? "%PDF-1.7 filled"), "application/pdf");
  const job = await db.job.create({
    data: {
      userId: alice,
      type: "fill_pdf",
      status: "completed",
      result: {},
      outputKey: key,
      outputType: options.type === undefined ? "application/pdf" : options.type,
      outputName: options.name === undefined ? "filled form.pdf" : options.name,
      expiresAt: options.expiresAt,
    },
  });
  return { job, key };
}

async function thrownBy(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("downloadJobOutput", () => {
  it("serves the file before expires_at with its type, size and file name", async () => {
    const { job } = await jobWithFile({ expiresAt: new Date(Date.now() + DAY_MS), name: "Überweisung 1.pdf" });
    const response = await downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: job.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String("%PDF-1.7 filled".length));
    // An ASCII fallback for old clients and the exact name in filename* (RFC 6266).
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="_berweisung 1.pdf"; filename*=UTF-8''%C3%9Cberweisung%201.pdf`,
    );
    expect(await response.text()).toBe("%PDF-1.7 filled");
  });

  it("falls back to the stored type and the key's file name", async () => {
    const { job } = await jobWithFile({ expiresAt: new Date(Date.now() + DAY_MS), name: null, type: null });
    const response = await downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: job.id });
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain('filename="output.pdf"');
  });

  it("answers 410 from expires_at on, while the file is still stored", async () => {
    const expiresAt = new Date(Date.now() + DAY_MS);
    const { job, key } = await jobWithFile({ expiresAt });
    expect(
      (
        await downloadResponse({
          db,
          store: getBlobStore(),
          userId: alice,
          jobId: job.id,
          now: new Date(expiresAt.getTime() - 1),
        })
      ).status,
    ).toBe(200);
    for (const now of [expiresAt, new Date(expiresAt.getTime() + DAY_MS)]) {
      const error = await thrownBy(
        downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: job.id, now: now }),
      );
      expect(error).toMatchObject({
        code: "gone",
        status: 410,
        message: `The file of job ${job.id} expired at ${expiresAt.toISOString()}`,
      });
    }
    expect(await getBlobStore().exists(key)).toBe(true);
  });

  it("answers 410 when the file is gone from storage before expires_at", async () => {
    const { job, key } = await jobWithFile({ expiresAt: new Date(Date.now() + DAY_MS) });
    await getBlobStore().delete(key);
    expect(await thrownBy(downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: job.id }))).toMatchObject(
      {
        code: "gone",
        message: `The file of job ${job.id} is no longer available`,
      },
    );
  });

  it("answers 404 for a job without a file, a running job, another user's job and a malformed id", async () => {
    const extract = await db.job.create({
      data: {
        userId: alice,
        type: "extract",
        status: "completed",
        result: {},
        expiresAt: new Date(Date.now() - DAY_MS),
      },
    });
    expect(
      await thrownBy(downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: extract.id })),
    ).toMatchObject({
      code: "not_found",
      message: `Job ${extract.id} produced no file`,
    });
    const running = await db.job.create({
      data: { userId: alice, type: "fill_pdf", expiresAt: new Date(Date.now() + DAY_MS) },
    });
    expect(
      await thrownBy(downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: running.id })),
    ).toMatchObject({
      code: "not_found",
      message: expect.stringContaining("still processing"),
    });
    const { job } = await jobWithFile({ expiresAt: new Date(Date.now() + DAY_MS) });
    expect(await thrownBy(downloadResponse({ db, store: getBlobStore(), userId: bob, jobId: job.id }))).toMatchObject({
      code: "not_found",
      status: 404,
    });
    expect(
      await thrownBy(downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: "not-a-job" })),
    ).toMatchObject({
      code: "not_found",
    });
  });
});

describe("deleteExpiredJobOutputs", () => {
  it("deletes expired files and their keys only; the jobs stay and their download answers 410", async () => {
    await db.job.deleteMany({});
    const now = new Date();
    const expired = await jobWithFile({ expiresAt: new Date(now.getTime() - 1000) });
    const atNow = await jobWithFile({ expiresAt: now });
    const current = await jobWithFile({ expiresAt: new Date(now.getTime() + 1000) });
    // A key whose file is already gone is cleared too (deleting a missing blob is no error).
    const lost = await jobWithFile({ expiresAt: new Date(now.getTime() - DAY_MS) });
    await getBlobStore().delete(lost.key);

    expect(await deleteExpiredJobOutputs({ db, store: getBlobStore(), now })).toBe(3);

    for (const { job, key } of [expired, atNow, lost]) {
      expect(await getBlobStore().exists(key)).toBe(false);
      expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
        status: "completed",
        outputKey: null,
        outputName: "filled form.pdf",
      });
      expect(
        await thrownBy(downloadResponse({ db, store: getBlobStore(), userId: alice, jobId: job.id, now: now })),
      ).toMatchObject({
        code: "gone",
        status: 410,
      });
    }
    expect(await getBlobStore().exists(current.key)).toBe(true);
    expect((await db.job.findUniqueOrThrow({ where: { id: current.job.id } })).outputKey).toBe(current.key);
    expect(await deleteExpiredJobOutputs({ db, store: getBlobStore(), now })).toBe(0);
  });

  it("works through more expired jobs than one round takes", async () => {
    await db.job.deleteMany({});
    const expiresAt = new Date(Date.now() - DAY_MS);
    await db.job.createMany({
      data: Array.from({ length: 205 }, () => ({
        userId: bob,
        type: "fill_excel",
        status: "completed",
        outputKey: `jobs/${randomUUID()}/filled.xlsx`,
        expiresAt,
      })),
    });
    expect(await deleteExpiredJobOutputs({ db, store: getBlobStore() })).toBe(205);
    expect(await db.job.count({ where: { outputKey: { not: null } } })).toBe(0);
    expect(await db.job.count()).toBe(205);
  });
});

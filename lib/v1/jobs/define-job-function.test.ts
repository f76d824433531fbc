import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEvent } from "@/lib/background/define-event";
import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import { createExecutor } from "@/lib/background/executor/create-executor";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors/app-error";
import { createJob } from "./create-job";
import { defineJobFunction, type JobRunContext } from "./define-job-function";
import { finishJob } from "./finish-job";

let database: TestDatabase;
let db: Db;
let userId: string;
const quiet = { info() {}, warn() {}, debug() {}, error() {} };
const testJobRequested = defineEvent("test/job.requested", z.object({ jobId: z.string().uuid() }));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  userId = (await db.user.create({ data: { email: "life-cycle@example.com" } })).id;
});
afterAll(() => database?.dispose());

/** Runs a job of the given stages through the real executor until nothing is left to do. */
async function runJob(stages: (context: JobRunContext) => Promise<void>, options: { cancelFirst?: boolean } = {}) {
  const job = await createJob({ db, userId, type: "extract" });
  if (options.cancelFirst)
    await db.job.update({ where: { id: job.id }, data: { status: "cancelled", errorCode: "cancelled" } });
  const finals: string[] = [];
  const fn = defineJobFunction({
    id: "test-job",
    event: testJobRequested,
    retries: 2,
    getDb: async () => db,
    stages,
    finally: { id: "clean-up", run: async () => void finals.push("clean-up") },
  });
  const executor = createExecutor({
    db,
    definitions: [fn as AnyFunctionDefinition],
    concurrency: 1,
    logger: quiet,
    retryBackoff: { baseMs: 1, maxMs: 5 },
    pollIntervalMs: 20,
  });
  try {
    await executor.recoverUnfinishedRuns();
    await executor.enqueue({ name: testJobRequested.name, data: { jobId: job.id }, id: job.id });
    await executor.drain({ timeoutMs: 20_000 });
  } finally {
    await executor.stop();
  }
  return { job: await db.job.findUniqueOrThrow({ where: { id: job.id } }), finals };
}

describe("the /v1 job life cycle", () => {
  it("retries a stage that failed for a passing reason, without repeating the stages before it", async () => {
    const calls = { first: 0, flaky: 0 };
    const { job, finals } = await runJob(async ({ stage, db: jobDb, jobId }) => {
      await stage("first", async () => ++calls.first);
      await stage("flaky", async () => {
        if (++calls.flaky === 1) throw new Error("connection reset");
        await finishJob({ db: jobDb, jobId, outcome: { status: "completed", result: { ok: true } } });
      });
    });
    expect(calls).toEqual({ first: 1, flaky: 2 });
    expect(job).toMatchObject({ status: "completed", result: { ok: true } });
    expect(finals).toEqual(["clean-up"]);
  });

  it("fails the job at once with its code when the input is at fault, and runs no later stage", async () => {
    const calls = { read: 0, later: 0 };
    const { job, finals } = await runJob(async ({ stage }) => {
      await stage("read", async () => {
        calls.read++;
        throw new AppError("corrupt_document", "The file is damaged");
      });
      await stage("later", async () => ++calls.later);
    });
    expect(calls).toEqual({ read: 1, later: 0 });
    expect(job).toMatchObject({ status: "failed", errorCode: "corrupt_file", errorMessage: "The file is damaged" });
    expect(finals).toEqual(["clean-up"]);
  });

  it("fails the job with processing_error once a passing failure outlasts the retries", async () => {
    let calls = 0;
    const { job } = await runJob(async ({ stage }) => {
      await stage("always", async () => {
        calls++;
        throw new Error("storage unavailable");
      });
    });
    expect(calls).toBe(3);
    expect(job).toMatchObject({ status: "failed", errorCode: "processing_error" });
  });

  it("runs no stage of a cancelled job", async () => {
    let calls = 0;
    const { job, finals } = await runJob(async ({ stage }) => void (await stage("work", async () => ++calls)), {
      cancelFirst: true,
    });
    expect(calls).toBe(0);
    expect(job.status).toBe("cancelled");
    expect(finals).toEqual(["clean-up"]);
  });
});

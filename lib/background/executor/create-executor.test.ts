import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { defineEvent } from "../define-event";
import { type AnyFunctionDefinition, defineFunction, type JobLogger } from "../define-function";
import { EventValidationError, NonRetriableError } from "../errors";
import { createExecutor, type Executor, type ExecutorOptions } from "./create-executor";

let database: TestDatabase;
let db: Db;
const executors: Executor[] = [];
const quietLogger: JobLogger = { info() {}, warn() {}, debug() {}, error() {} };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.dispose();
});

beforeEach(async () => {
  await db.backgroundRun.deleteMany();
});

afterEach(async () => {
  await Promise.all(executors.splice(0).map((executor) => executor.stop()));
});

function newExecutor(definitions: AnyFunctionDefinition[], options: Partial<ExecutorOptions> = {}): Executor {
  const executor = createExecutor({
    db,
    definitions,
    concurrency: 4,
    logger: quietLogger,
    retryBackoff: { baseMs: 5, maxMs: 20 },
    pollIntervalMs: 50,
    ...options,
  });
  executors.push(executor);
  return executor;
}

const testEvent = defineEvent("test/thing.requested", z.object({ value: z.number() }));
const calls = () => new Map<string, number>();
function count(map: Map<string, number>, key: string) {
  map.set(key, (map.get(key) ?? 0) + 1);
}

describe("in-process executor", () => {
  it("retries a failing step without repeating the steps before it", async () => {
    const seen = calls();
    const fn = defineFunction({
      id: "flaky",
      event: testEvent,
      retries: 3,
      async handler({ event, step }) {
        const doubled = await step.run("double", () => {
          count(seen, "double");
          return event.data.value * 2;
        });
        const result = await step.run("flaky", () => {
          count(seen, "flaky");
          if ((seen.get("flaky") ?? 0) < 3) throw new Error(`transient failure ${seen.get("flaky")}`);
          return doubled + 1;
        });
        return result;
      },
    });
    const executor = newExecutor([fn]);
    await executor.recoverUnfinishedRuns();
    const [runId] = await executor.enqueue({ name: testEvent.name, data: { value: 20 } });
    await executor.drain();
    expect(seen.get("double")).toBe(1);
    expect(seen.get("flaky")).toBe(3);
    const run = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.status).toBe("completed");
    expect(run.steps).toEqual({ double: { data: 40 }, flaky: { data: 41 } });
    expect(run.error).toBeNull();
  });

  it("calls onFailure once, with the event and the final error, when a run fails for good", async () => {
    const failures: { value: number; message: string }[] = [];
    let succeededAfterRetry = 0;
    const fn = defineFunction({
      id: "fails-then-reports",
      event: testEvent,
      retries: 1,
      async handler({ event, step }) {
        await step.run("work", () => {
          if (event.data.value === 2) {
            succeededAfterRetry += 1;
            if (succeededAfterRetry === 1) throw new Error("transient");
            return;
          }
          throw new Error(`cannot handle ${event.data.value}`);
        });
      },
      async onFailure({ event, error }) {
        failures.push({ value: event.data.value, message: error.message });
      },
    });
    const executor = newExecutor([fn]);
    await executor.recoverUnfinishedRuns();
    const [failingRun] = await executor.enqueue({ name: testEvent.name, data: { value: 1 } });
    await executor.enqueue({ name: testEvent.name, data: { value: 2 } });
    await executor.drain();
    expect(failures).toEqual([{ value: 1, message: "cannot handle 1" }]);
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: failingRun } })).status).toBe("failed");
  });

  it("records the failure when retries run out, and stops at once on NonRetriableError", async () => {
    const seen = calls();
    const alwaysFails = defineFunction({
      id: "always-fails",
      event: testEvent,
      retries: 2,
      async handler({ step }) {
        await step.run("boom", () => {
          count(seen, "boom");
          throw new Error("disk on fire");
        });
      },
    });
    const refuses = defineFunction({
      id: "refuses",
      event: testEvent,
      retries: 5,
      async handler({ step }) {
        await step.run("check", () => {
          count(seen, "check");
          throw new NonRetriableError("document is encrypted");
        });
      },
    });
    const executor = newExecutor([alwaysFails, refuses]);
    await executor.recoverUnfinishedRuns();
    await executor.enqueue({ name: testEvent.name, data: { value: 1 } });
    await executor.drain();
    expect(seen.get("boom")).toBe(3);
    expect(seen.get("check")).toBe(1);
    const failed = await db.backgroundRun.findMany({ orderBy: { functionId: "asc" } });
    expect(failed.map((run) => [run.functionId, run.status, run.attempt])).toEqual([
      ["always-fails", "failed", 3],
      ["refuses", "failed", 1],
    ]);
    expect(failed[0].error).toMatch(/attempt 3 of 3: .*step "boom" failed: disk on fire/);
    expect(failed[1].error).toMatch(/document is encrypted/);
    expect(failed.every((run) => run.finishedAt !== null)).toBe(true);
  });

  it("rejects a payload that does not match the schema and stores nothing", async () => {
    const fn = defineFunction({ id: "noop", event: testEvent, retries: 0, handler: async () => null });
    const executor = newExecutor([fn]);
    await expect(executor.enqueue({ name: testEvent.name, data: { value: "ten" } })).rejects.toBeInstanceOf(
      EventValidationError,
    );
    expect(await db.backgroundRun.count()).toBe(0);
  });

  it("starts each function once per event id", async () => {
    const seen = calls();
    const fn = defineFunction({
      id: "once",
      event: testEvent,
      retries: 0,
      handler: async () => count(seen, "once"),
    });
    const executor = newExecutor([fn]);
    await executor.recoverUnfinishedRuns();
    const first = await executor.enqueue({ name: testEvent.name, data: { value: 1 }, id: "same" });
    const second = await executor.enqueue({ name: testEvent.name, data: { value: 1 }, id: "same" });
    await executor.drain();
    expect(second).toEqual(first);
    expect(seen.get("once")).toBe(1);
  });

  it("stores one run when two instances enqueue the same event id at the same moment", async () => {
    const seen = calls();
    const fn = defineFunction({
      id: "raced",
      event: testEvent,
      retries: 0,
      handler: async ({ event }) => count(seen, `run${event.data.value}`),
    });
    // Two executors on one database, as two app instances starting together.
    const [first, second] = [newExecutor([fn]), newExecutor([fn])];
    const ids = Array.from({ length: 8 }, (_, index) => index);
    const results = await Promise.all(
      ids.flatMap((value) =>
        [first, second].map((executor) =>
          executor.enqueue({ name: testEvent.name, data: { value }, id: `same-${value}` }),
        ),
      ),
    );
    for (const value of ids) expect(results[value * 2 + 1]).toEqual(results[value * 2]);
    expect(await db.backgroundRun.count()).toBe(ids.length);
    await Promise.all([first.recoverUnfinishedRuns(), second.recoverUnfinishedRuns()]);
    await Promise.all([first.drain(), second.drain()]);
    expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(ids.map((value) => [`run${value}`, 1])));
  });

  it("resumes a queued run and a half-done running run after a restart", async () => {
    const seen = calls();
    const fn = defineFunction({
      id: "two-steps",
      event: testEvent,
      retries: 0,
      async handler({ event, step }) {
        const a = await step.run("a", () => {
          count(seen, `a${event.data.value}`);
          return event.data.value;
        });
        return step.run("b", () => {
          count(seen, `b${event.data.value}`);
          return a + 1;
        });
      },
    });
    // A process that stored a run and died before executing it.
    const dead = newExecutor([fn]);
    await dead.enqueue({ name: testEvent.name, data: { value: 1 } });
    // A process that died inside step b: a's result is memoised, the row is still "running".
    const halfDone = await db.backgroundRun.create({
      data: {
        functionId: "two-steps",
        eventName: testEvent.name,
        eventId: "crashed",
        payload: { value: 2 },
        status: "running",
        steps: { a: { data: 2 } },
        lockedUntil: new Date(Date.now() + 60_000),
      },
    });
    expect(seen.size).toBe(0);

    const restarted = newExecutor([fn]);
    expect(await restarted.recoverUnfinishedRuns({ takeOverRunning: true })).toBe(2);
    await restarted.drain();
    expect(Object.fromEntries(seen)).toEqual({ a1: 1, b1: 1, b2: 1 });
    const resumed = await db.backgroundRun.findUniqueOrThrow({ where: { id: halfDone.id } });
    expect(resumed.status).toBe("completed");
    expect(resumed.steps).toEqual({ a: { data: 2 }, b: { data: 3 } });
  });

  it("takes over a running run whose lease lapsed, without takeOverRunning", async () => {
    const fn = defineFunction({
      id: "lapsed",
      event: testEvent,
      retries: 0,
      handler: async ({ step }) => step.run("only", () => 1),
    });
    await db.backgroundRun.create({
      data: {
        functionId: "lapsed",
        eventName: testEvent.name,
        eventId: "e",
        payload: { value: 1 },
        status: "running",
        lockedUntil: new Date(Date.now() - 1000),
      },
    });
    const executor = newExecutor([fn]);
    await executor.recoverUnfinishedRuns();
    await executor.drain();
    expect((await db.backgroundRun.findFirstOrThrow()).status).toBe("completed");
  });

  it("persists a sleep, so a restart continues after it instead of repeating earlier steps", async () => {
    const seen = calls();
    const fn = defineFunction({
      id: "sleeper",
      event: testEvent,
      retries: 0,
      async handler({ step }) {
        await step.run("before", () => count(seen, "before"));
        await step.sleep("nap", "300ms");
        await step.run("after", () => count(seen, "after"));
      },
    });
    const first = newExecutor([fn], { pollIntervalMs: 10_000 });
    await first.recoverUnfinishedRuns();
    const started = Date.now();
    const [runId] = await first.enqueue({ name: testEvent.name, data: { value: 1 } });
    await first.waitForIdle();
    const sleeping = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(sleeping.status).toBe("sleeping");
    expect(sleeping.runAt.getTime()).toBeGreaterThanOrEqual(started + 300);
    expect(sleeping.steps).toMatchObject({ before: { data: null }, nap: { sleepUntil: expect.any(String) } });
    await first.stop();

    const second = newExecutor([fn]);
    await second.recoverUnfinishedRuns({ takeOverRunning: true });
    await second.drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Object.fromEntries(seen)).toEqual({ before: 1, after: 1 });
    expect((await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
  });

  it("keeps to the executor's bound and to a function's own concurrency", async () => {
    let running = 0;
    let peak = 0;
    let peakSingle = 0;
    let runningSingle = 0;
    const slowStep = async (isSingle: boolean) => {
      running += 1;
      if (isSingle) runningSingle += 1;
      peak = Math.max(peak, running);
      peakSingle = Math.max(peakSingle, runningSingle);
      await new Promise((resolve) => setTimeout(resolve, 40));
      running -= 1;
      if (isSingle) runningSingle -= 1;
    };
    const otherEvent = defineEvent("test/other.requested", z.object({ value: z.number() }));
    const wide = defineFunction({
      id: "wide",
      event: testEvent,
      retries: 0,
      handler: ({ step }) => step.run("work", () => slowStep(false)),
    });
    const single = defineFunction({
      id: "single",
      event: otherEvent,
      retries: 0,
      concurrency: 1,
      handler: ({ step }) => step.run("work", () => slowStep(true)),
    });
    const executor = newExecutor([wide, single], { concurrency: 3 });
    await executor.recoverUnfinishedRuns();
    for (let index = 0; index < 6; index += 1) {
      await executor.enqueue({ name: testEvent.name, data: { value: index } });
      await executor.enqueue({ name: otherEvent.name, data: { value: index } });
    }
    await executor.drain();
    expect(peak).toBe(3);
    expect(peakSingle).toBe(1);
    expect(await db.backgroundRun.count({ where: { status: "completed" } })).toBe(12);
  });

  it("sends events from a step once, even when a later step is retried", async () => {
    const seen = calls();
    const followUp = defineEvent("test/follow-up", z.object({ from: z.number() }));
    const sender = defineFunction({
      id: "sender",
      event: testEvent,
      retries: 1,
      async handler({ event, step }) {
        await step.sendEvent("tell", { name: followUp.name, data: { from: event.data.value } });
        await step.run("flaky", () => {
          count(seen, "flaky");
          if (seen.get("flaky") === 1) throw new Error("once");
        });
      },
    });
    const receiver = defineFunction({
      id: "receiver",
      event: followUp,
      retries: 0,
      handler: async ({ event, step }) => step.run("receive", () => count(seen, `received-${event.data.from}`)),
    });
    const executor = newExecutor([sender, receiver]);
    await executor.recoverUnfinishedRuns();
    await executor.enqueue({ name: testEvent.name, data: { value: 7 } });
    await executor.drain();
    expect(Object.fromEntries(seen)).toEqual({ flaky: 2, "received-7": 1 });
  });

  it("gives repeated step ids in a loop their own memo", async () => {
    const fn = defineFunction({
      id: "loop",
      event: testEvent,
      retries: 0,
      async handler({ step }) {
        let total = 0;
        for (let page = 1; page <= 3; page += 1) total += await step.run("page", () => page * 10);
        return total;
      },
    });
    const executor = newExecutor([fn]);
    await executor.recoverUnfinishedRuns();
    const [runId] = await executor.enqueue({ name: testEvent.name, data: { value: 0 } });
    await executor.drain();
    const run = await db.backgroundRun.findUniqueOrThrow({ where: { id: runId } });
    expect(run.steps).toEqual({ page: { data: 10 }, "page:1": { data: 20 }, "page:2": { data: 30 } });
  });
});

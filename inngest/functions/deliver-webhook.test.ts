import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { resetAuthSecretForTests } from "@/lib/crypto/auth-secret";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import type { AnyFunctionDefinition, JobStep } from "@/lib/background/define-function";
import { createExecutor, type Executor } from "@/lib/background/executor/create-executor";
import { listJobWebhookDeliveries } from "@/lib/v1/jobs/list-job-webhook-deliveries";
import { getOrCreateWebhookSecret } from "@/lib/webhooks/webhook-secret";
import {
  startWebhookReceiver,
  type ReceiverAnswer,
  type WebhookReceiver,
} from "@/lib/webhooks/testing/start-webhook-receiver";
import { webhookDeliveryEventId, webhookDeliveryRequested } from "@/lib/background/events";
import { createDeliverWebhookFunction, deliverWebhook, WEBHOOK_RETRY_DELAYS_MS } from "./deliver-webhook";

const SHORT_DELAYS = [300, 600];
let testDb: TestDatabase;
let db: Db;
let userId: string;
let secret: string;
const receivers: WebhookReceiver[] = [];
const executors: Executor[] = [];
const quiet = { info() {}, warn() {}, debug() {}, error: console.error };

beforeAll(async () => {
  process.env.AUTH_SECRET = "test-secret-for-webhook-deliveries-0123456789";
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
  resetAuthSecretForTests();
  testDb = await createTestDatabase();
  db = testDb.db;
  userId = (await db.user.create({ data: { email: "hooks@example.com" } })).id;
  secret = await getOrCreateWebhookSecret({ db, userId });
});
afterEach(async () => {
  await Promise.all(executors.splice(0).map((executor) => executor.stop()));
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
});
afterAll(() => testDb?.dispose());

async function receiver(answers: ReceiverAnswer[]) {
  const started = await startWebhookReceiver(answers, { secret });
  receivers.push(started);
  return started;
}

/** A finished job with a delivery to `url`, delivered by the real in-process executor. */
async function deliver(url: string, options: { retryDelaysMs?: number[]; timeoutMs?: number } = {}) {
  const job = await db.job.create({
    data: {
      userId,
      type: "extract",
      status: "completed",
      result: { fields: { total: "42.00" } },
      webhookUrl: url,
      completedAt: new Date(),
    },
  });
  const delivery = await db.webhookDelivery.create({
    data: {
      jobId: job.id,
      url,
      payload: {
        job_id: job.id,
        data: { id: job.id, type: "extract", status: "completed", result: { fields: { total: "42.00" } } },
      },
    },
  });
  const fn = createDeliverWebhookFunction({
    retryDelaysMs: options.retryDelaysMs ?? SHORT_DELAYS,
    timeoutMs: options.timeoutMs,
    getDb: async () => db,
  });
  const executor = createExecutor({
    db,
    definitions: [fn as AnyFunctionDefinition],
    concurrency: 2,
    logger: quiet,
    pollIntervalMs: 50,
  });
  executors.push(executor);
  await executor.recoverUnfinishedRuns();
  await executor.enqueue({
    name: webhookDeliveryRequested.name,
    data: { deliveryId: delivery.id },
    id: webhookDeliveryEventId(delivery.id),
  });
  await executor.drain({ timeoutMs: 30_000 });
  const finished = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: delivery.id },
    include: { attempts: { orderBy: { attemptNumber: "asc" } } },
  });
  return { job, delivery: finished };
}

describe("deliver-webhook", () => {
  it("keeps the developer API's schedule: attempts at 0 s, 5 s and 15 s", async () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([5_000, 10_000]);
    // Read the schedule off the registered definition: a step that records instead of waiting.
    const sleeps: number[] = [];
    const step: JobStep = {
      run: async <T>(_id: string, fn: () => Promise<T> | T) => {
        void fn;
        return {
          attemptNumber: 0,
          delivered: false,
          statusCode: 500,
          durationMs: 1,
          error: "Receiver answered 500",
        } as T;
      },
      sleep: async (_id, duration) => void sleeps.push(Number(duration)),
      sendEvent: async () => ({ ids: [] }),
    };
    const outcome = await deliverWebhook.handler({
      event: { name: webhookDeliveryRequested.name, id: "e", data: { deliveryId: crypto.randomUUID() } },
      step,
      logger: quiet,
    });
    expect(outcome).toEqual({ status: "undeliverable", attempts: 3 });
    const attemptOffsets = [0, ...sleeps.map((_, i) => sleeps.slice(0, i + 1).reduce((sum, ms) => sum + ms, 0))];
    expect(attemptOffsets).toEqual([0, 5_000, 15_000]);
  });

  it("retries a failing receiver and stops at its first 2xx, signing every attempt with one webhook-id", async () => {
    const hook = await receiver([{ status: 500 }, { status: 503 }, { status: 200 }]);
    const { job, delivery } = await deliver(hook.url);

    expect(delivery.status).toBe("delivered");
    expect(delivery.completedAt).not.toBeNull();
    expect(delivery.attempts.map((attempt) => [attempt.attemptNumber, attempt.statusCode, attempt.error])).toEqual([
      [1, 500, "Receiver answered 500"],
      [2, 503, "Receiver answered 503"],
      [3, 200, null],
    ]);
    expect(hook.received).toHaveLength(3);
    expect(hook.received.every((request) => request.signatureValid)).toBe(true);
    expect(new Set(hook.received.map((request) => request.headers["webhook-id"]))).toEqual(new Set([delivery.id]));
    expect(JSON.parse(hook.received[2].body)).toEqual({
      job_id: job.id,
      data: { id: job.id, type: "extract", status: "completed", result: { fields: { total: "42.00" } } },
    });
    expect(hook.received[0].headers["content-type"]).toBe("application/json");
  });

  it("marks the delivery undeliverable after three failures and leaves the job as it was", async () => {
    const hook = await receiver([{ status: 404 }]);
    const { job, delivery } = await deliver(hook.url);
    expect(delivery.status).toBe("undeliverable");
    expect(delivery.attempts.map((attempt) => attempt.statusCode)).toEqual([404, 404, 404]);
    expect(hook.received).toHaveLength(3);
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      status: "completed",
      result: { fields: { total: "42.00" } },
    });
  });

  it("records a receiver slower than the timeout as a timeout, then delivers on the next attempt", async () => {
    // The timeout is an option (5 s in production), so the test waits a fraction of that.
    const hook = await receiver([{ status: 200, delayMs: 2_000 }, { status: 204 }]);
    const { delivery } = await deliver(hook.url, { timeoutMs: 200, retryDelaysMs: [50, 50] });
    expect(delivery.status).toBe("delivered");
    const [slow, quick] = delivery.attempts;
    expect(slow).toMatchObject({ attemptNumber: 1, statusCode: null, error: "No answer within 200 ms" });
    expect(quick).toMatchObject({ attemptNumber: 2, statusCode: 204, error: null });
  });

  it("attempts at 0, 5 and 15 s on the executor's clock, then marks the delivery undeliverable and leaves the job readable", async () => {
    const hook = await receiver([{ status: 500 }]);
    const job = await db.job.create({
      data: { userId, type: "extract", status: "completed", result: {}, webhookUrl: hook.url, completedAt: new Date() },
    });
    const delivery = await db.webhookDelivery.create({
      data: { jobId: job.id, url: hook.url, payload: { job_id: job.id } },
    });
    // The production schedule, on a clock the test moves: no real waiting.
    const start = Date.now();
    let clock = start;
    const fn = createDeliverWebhookFunction({ getDb: async () => db });
    const executor = createExecutor({
      db,
      definitions: [fn as AnyFunctionDefinition],
      concurrency: 2,
      logger: quiet,
      pollIntervalMs: 50,
      now: () => clock,
    });
    executors.push(executor);
    await executor.recoverUnfinishedRuns();
    await executor.enqueue({
      name: webhookDeliveryRequested.name,
      data: { deliveryId: delivery.id },
      id: webhookDeliveryEventId(delivery.id),
    });
    const run = () => db.backgroundRun.findFirstOrThrow({ where: { eventId: webhookDeliveryEventId(delivery.id) } });

    await executor.waitForIdle();
    expect(hook.received).toHaveLength(1);
    expect(await run()).toMatchObject({ status: "sleeping", runAt: new Date(start + 5_000) });
    clock = start + 4_999;
    await executor.waitForIdle();
    expect(hook.received).toHaveLength(1);
    clock = start + 5_000;
    await executor.waitForIdle();
    expect(hook.received).toHaveLength(2);
    expect(await run()).toMatchObject({ status: "sleeping", runAt: new Date(start + 15_000) });
    clock = start + 15_000;
    await executor.waitForIdle();
    expect(hook.received).toHaveLength(3);
    expect((await run()).status).toBe("completed");

    expect(new Set(hook.received.map((attempt) => attempt.headers["webhook-id"]))).toEqual(new Set([delivery.id]));
    expect(hook.received.every((attempt) => attempt.signatureValid)).toBe(true);
    const [listed] = await listJobWebhookDeliveries({ db, userId, jobId: job.id });
    expect(listed.status).toBe("undeliverable");
    expect(listed.attempts.map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    expect((await db.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("completed");
  });

  it("does not follow a redirect", async () => {
    const target = await receiver([{ status: 200 }]);
    const hook = await receiver([{ status: 307, headers: { location: target.url } }]);
    const { delivery } = await deliver(hook.url, { retryDelaysMs: [50, 50] });
    expect(delivery.status).toBe("undeliverable");
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 307, error: `Redirect to ${target.url} not followed` });
    expect(target.received).toHaveLength(0);
  });

  it("refuses a private receiver unless the operator allows private networks", async () => {
    const hook = await receiver([{ status: 200 }]);
    process.env.ALLOW_PRIVATE_NETWORK = "0";
    resetConfigForTests();
    const { delivery } = await deliver(hook.url, { retryDelaysMs: [50, 50] });
    expect(delivery.status).toBe("undeliverable");
    expect(delivery.attempts[0].error).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(hook.received).toHaveLength(0);
  });
});

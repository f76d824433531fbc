import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background/app-executor";
import { createJob } from "@/lib/v1/jobs/create-job";
import { finishJob } from "@/lib/v1/jobs/finish-job";
import { listJobWebhookDeliveries } from "@/lib/v1/jobs/list-job-webhook-deliveries";
import { redeliverJobWebhook } from "@/lib/v1/jobs/redeliver-job-webhook";
import { startWebhookReceiver, type WebhookReceiver } from "./testing/start-webhook-receiver";
import { generateWebhookSecret, getOrCreateWebhookSecret, rotateWebhookSecret } from "./webhook-secret";

// The whole path through the app's own executor: finishJob → enqueueJobWebhook → dispatch → deliver-webhook.
let temp: TestDatabase;
let db: Db;
let receiver: WebhookReceiver | undefined;

beforeAll(async () => {
  // The webhook receivers listen on loopback.
  setConfigForTests({ ALLOW_PRIVATE_NETWORK: "1" });
  temp = await createTestDatabase({ serveGetDb: true });
  db = temp.db;
  await startExecutor({ definitions: functionDefinitions });
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});
afterAll(async () => {
  await stopExecutor();
  await temp?.dispose();
  resetConfigForTests();
});

async function newUser() {
  return (await db.user.create({ data: { email: `${crypto.randomUUID()}@example.com` } })).id;
}

async function waitForDelivery(userId: string, jobId: string, count = 1) {
  const executor = await getExecutor();
  for (let i = 0; i < 100; i++) {
    await executor.waitForIdle();
    const deliveries = await listJobWebhookDeliveries({ db, userId, jobId });
    if (deliveries.length >= count && deliveries.every((delivery) => delivery.status !== "pending")) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("The webhook was not delivered in time");
}

describe("webhook secrets", () => {
  it("creates one secret per user, stores it encrypted, and rotates it", async () => {
    const userId = await newUser();
    const [first, second] = await Promise.all([
      getOrCreateWebhookSecret({ db, userId }),
      getOrCreateWebhookSecret({ db, userId }),
    ]);
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(second).toBe(first);
    const stored = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { webhookSecret: true } });
    expect(stored.webhookSecret).not.toContain(first.slice(6));
    expect(stored.webhookSecret).toMatch(/^v1\./);
    const rotated = await rotateWebhookSecret({ db, userId });
    expect(rotated).not.toBe(first);
    expect(await getOrCreateWebhookSecret({ db, userId })).toBe(rotated);
    expect(generateWebhookSecret()).not.toBe(generateWebhookSecret());
  });
});

describe("job webhooks", () => {
  it("sends a signed webhook when a job with webhook_url completes, once even if finishJob repeats", async () => {
    const userId = await newUser();
    receiver = await startWebhookReceiver([{ status: 200 }], {
      secret: await getOrCreateWebhookSecret({ db, userId }),
    });
    const job = await createJob({ db, userId, type: "extract", webhookUrl: receiver.url });
    const outcome = { status: "completed" as const, result: { document_type: "invoice", fields: { total: "12.50" } } };
    expect((await finishJob({ db, jobId: job.id, outcome })).applied).toBe(true);
    await finishJob({ db, jobId: job.id, outcome });

    const [delivery, ...others] = await waitForDelivery(userId, job.id);
    expect(others).toHaveLength(0);
    expect(delivery).toMatchObject({ status: "delivered", attempts: [{ attempt: 1, status_code: 200, error: null }] });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].signatureValid).toBe(true);
    expect(JSON.parse(receiver.received[0].body)).toEqual({
      job_id: job.id,
      data: { id: job.id, type: "extract", status: "completed", result: outcome.result },
    });
  });

  it("sends the error of a failed job, never a webhook for a cancelled one, and redelivers on request", async () => {
    const userId = await newUser();
    receiver = await startWebhookReceiver([{ status: 202 }], {
      secret: await getOrCreateWebhookSecret({ db, userId }),
    });
    const failing = await createJob({ db, userId, type: "fill_pdf", webhookUrl: receiver.url });
    await finishJob({
      db,
      jobId: failing.id,
      outcome: {
        status: "failed",
        code: "no_form_fields",
        message: "The PDF has no form fields",
      },
    });
    await waitForDelivery(userId, failing.id);
    expect(JSON.parse(receiver.received[0].body).data).toEqual({
      id: failing.id,
      type: "fill_pdf",
      status: "failed",
      error: { code: "no_form_fields", message: "The PDF has no form fields" },
    });

    const cancelled = await createJob({ db, userId, type: "extract", webhookUrl: receiver.url });
    await db.job.update({ where: { id: cancelled.id }, data: { status: "cancelled", errorCode: "cancelled" } });
    expect((await finishJob({ db, jobId: cancelled.id, outcome: { status: "completed", result: {} } })).applied).toBe(
      false,
    );
    expect(await db.webhookDelivery.count({ where: { jobId: cancelled.id } })).toBe(0);

    const again = await redeliverJobWebhook({ db, userId, jobId: failing.id });
    const deliveries = await waitForDelivery(userId, failing.id, 2);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(["delivered", "delivered"]);
    expect(receiver.received.map((request) => request.headers["webhook-id"])).toEqual([deliveries[0].id, again.id]);

    const other = await newUser();
    await expect(redeliverJobWebhook({ db, userId: other, jobId: failing.id })).rejects.toMatchObject({ status: 404 });
    const silent = await createJob({ db, userId, type: "extract" });
    await expect(redeliverJobWebhook({ db, userId, jobId: silent.id })).rejects.toMatchObject({ status: 409 });
  });
});

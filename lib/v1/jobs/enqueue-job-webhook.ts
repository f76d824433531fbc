import type { Db } from "@/lib/db";
import type { Job, Prisma, WebhookDelivery } from "@/lib/db/generated/client";
import { dispatchWebhookDelivery } from "@/lib/webhooks/dispatch-webhook-delivery";
import { buildJobWebhookPayload } from "./build-job-webhook-payload";

/**
 * Starts the webhook of a finished job that has a webhook_url: one WebhookDelivery row (the payload
 * as of now) and the background delivery. Calling it again (a retried step) reuses the job's delivery
 * and re-dispatches it under the same event id, which starts no second run. Returns null without a
 * webhook_url.
 */
export async function enqueueJobWebhook(options: { db: Db; job: Job }): Promise<WebhookDelivery | null> {
  const { db, job } = options;
  if (!job.webhookUrl) return null;
  const delivery =
    (await db.webhookDelivery.findFirst({ where: { jobId: job.id }, orderBy: { createdAt: "asc" } })) ??
    (await db.webhookDelivery.create({
      data: { jobId: job.id, url: job.webhookUrl, payload: buildJobWebhookPayload(job) as Prisma.InputJsonValue },
    }));
  if (delivery.status === "pending") await dispatchWebhookDelivery(delivery.id);
  return delivery;
}

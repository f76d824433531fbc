import type { Db } from "@/lib/db";
import type { Prisma, WebhookDelivery } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { dispatchWebhookDelivery } from "@/lib/webhooks/dispatch-webhook-delivery";
import { getJobOrThrow } from "./get-job-or-throw";
import { buildJobWebhookPayload } from "./build-job-webhook-payload";

/**
 * Sends a finished job's webhook again, whatever became of earlier deliveries: a new delivery (its
 * own webhook-id and three attempts) with the job as it is now. Receivers deduplicate by job_id.
 */
export async function redeliverJobWebhook(options: {
  db: Db;
  userId: string;
  jobId: string;
}): Promise<WebhookDelivery> {
  const { db, userId, jobId } = options;
  const job = await getJobOrThrow({ db, userId, jobId });
  if (!job.webhookUrl) throw new AppError("conflict", `Job ${jobId} was submitted without a webhook_url`);
  if (job.status === "processing")
    throw new AppError("conflict", `Job ${jobId} is still processing; its webhook is sent when it finishes`);
  const delivery = await db.webhookDelivery.create({
    data: { jobId: job.id, url: job.webhookUrl, payload: buildJobWebhookPayload(job) as Prisma.InputJsonValue },
  });
  await dispatchWebhookDelivery(delivery.id);
  return delivery;
}

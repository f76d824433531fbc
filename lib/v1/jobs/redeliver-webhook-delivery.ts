import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { serializeWebhookDelivery, type WebhookDeliveryResponse } from "@/lib/webhooks/serialize-webhook-delivery";
import { redeliverJobWebhook } from "./redeliver-job-webhook";

/** Sends again the job webhook of one of the user's deliveries: a new delivery of the job as it is now. */
export async function redeliverWebhookDelivery(options: {
  db: Db;
  userId: string;
  deliveryId: string;
}): Promise<WebhookDeliveryResponse> {
  const { db, userId, deliveryId } = options;
  const earlier = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, job: { userId } },
    select: { jobId: true },
  });
  if (!earlier) throw new AppError("not_found", `Webhook delivery ${deliveryId} not found`);
  const delivery = await redeliverJobWebhook({ db, userId, jobId: earlier.jobId });
  return serializeWebhookDelivery({ ...delivery, attempts: [] });
}

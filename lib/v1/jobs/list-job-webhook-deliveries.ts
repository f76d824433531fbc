import type { Db } from "@/lib/db";
import { serializeWebhookDelivery, type WebhookDeliveryResponse } from "@/lib/webhooks/serialize-webhook-delivery";
import { getJobOrThrow } from "./get-job-or-throw";

/** The deliveries of the user's job with their attempts, oldest first (404 for others' jobs). */
export async function listJobWebhookDeliveries(options: {
  db: Db;
  userId: string;
  jobId: string;
}): Promise<WebhookDeliveryResponse[]> {
  const { db, userId, jobId } = options;
  await getJobOrThrow({ db, userId, jobId });
  const deliveries = await db.webhookDelivery.findMany({
    where: { jobId },
    include: { attempts: true },
    orderBy: { createdAt: "asc" },
  });
  return deliveries.map(serializeWebhookDelivery);
}

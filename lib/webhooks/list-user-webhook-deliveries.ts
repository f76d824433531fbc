import { z } from "zod";
import type { Db } from "@/lib/db";
import { serializeWebhookDelivery, WebhookDeliveryResponse } from "./serialize-webhook-delivery";

export const WebhookDeliveryLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const WebhookDeliveryLogEntry = WebhookDeliveryResponse.extend({
  job_type: z.string().describe("extract, fill_pdf or fill_excel."),
}).meta({ id: "WebhookDeliveryLogEntry" });

export type WebhookDeliveryLogEntry = z.infer<typeof WebhookDeliveryLogEntry>;

/** The user's webhook deliveries across all their jobs, newest first, with every attempt. */
export async function listUserWebhookDeliveries(options: {
  db: Db;
  userId: string;
  limit: number;
}): Promise<WebhookDeliveryLogEntry[]> {
  const { db, userId, limit } = options;
  const deliveries = await db.webhookDelivery.findMany({
    where: { job: { userId } },
    include: { attempts: true, job: { select: { type: true } } },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
  });
  return deliveries.map((delivery) => ({ ...serializeWebhookDelivery(delivery), job_type: delivery.job.type }));
}

import type { Db } from "@/lib/db";

/** Marks a pending delivery delivered or undeliverable; a finished one is left as it is. */
export async function finishWebhookDelivery(options: {
  db: Db;
  deliveryId: string;
  status: "delivered" | "undeliverable";
}): Promise<void> {
  const { db, deliveryId, status } = options;
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: "pending" },
    data: { status, completedAt: new Date() },
  });
}

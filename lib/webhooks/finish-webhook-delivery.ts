import type { Db } from "@/lib/db";

/** Marks a pending delivery delivered or undeliverable; a finished one is left as it is. */
export async function finishWebhookDelivery(
  db: Db,
  deliveryId: string,
  status: "delivered" | "undeliverable",
): Promise<void> {
  await db.webhookDelivery.updateMany({
    where: { id: deliveryId, status: "pending" },
    data: { status, completedAt: new Date() },
  });
}

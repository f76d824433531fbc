import { dispatch } from "@/lib/background/dispatch";
import { webhookDeliveryEventId, webhookDeliveryRequested } from "@/lib/background/events";

/** Starts the background delivery of one WebhookDelivery row; sending it twice starts one run. */
export async function dispatchWebhookDelivery(deliveryId: string): Promise<void> {
  await dispatch(webhookDeliveryRequested.name, { deliveryId }, { id: webhookDeliveryEventId(deliveryId) });
}

import { z } from "zod";
import { defineEvent } from "@/lib/jobs/define-event";

/** Deliver one WebhookDelivery row (its id is also the webhook-id header). */
export const webhookDeliveryRequested = defineEvent(
  "docsvc/webhook.delivery-requested",
  z.object({ deliveryId: z.string().uuid() }),
);

/** The event id of a delivery: dispatching it twice starts one run. */
export function webhookDeliveryEventId(deliveryId: string): string {
  return `webhook-delivery:${deliveryId}`;
}

import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { redeliverWebhookDeliveryRoute } from "@/lib/webhooks/webhook-deliveries.contract";
import { redeliverWebhookDelivery } from "@/lib/v1/jobs/redeliver-webhook-delivery";

// POST /api/users/me/webhook-deliveries/{delivery_id}/redeliver – send that job's webhook again
const redeliver = route(redeliverWebhookDeliveryRoute, async ({ caller, params }) =>
  Response.json(
    await redeliverWebhookDelivery({ db: await getDb(), userId: caller.user.id, deliveryId: params.delivery_id }),
    { status: 202 },
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(redeliver);

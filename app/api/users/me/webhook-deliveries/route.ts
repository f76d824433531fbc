import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { listWebhookDeliveriesRoute } from "@/lib/webhooks/webhook-deliveries.contract";
import { listUserWebhookDeliveries } from "@/lib/webhooks/list-user-webhook-deliveries";

// GET /api/users/me/webhook-deliveries – the delivery log of all the caller's jobs
const list = route(listWebhookDeliveriesRoute, async ({ caller, query }) =>
  listUserWebhookDeliveries({ db: await getDb(), userId: caller.user.id, limit: query.limit }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);

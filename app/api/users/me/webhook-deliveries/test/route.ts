import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { sendTestWebhookRoute } from "@/lib/webhooks/webhook-deliveries.contract";
import { sendTestWebhook } from "@/lib/webhooks/send-test-webhook";

// POST /api/users/me/webhook-deliveries/test – send one signed test event to a URL
const send = route(sendTestWebhookRoute, async ({ caller, body }) =>
  sendTestWebhook({ db: await getDb(), userId: caller.user.id, url: body.url }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(send);

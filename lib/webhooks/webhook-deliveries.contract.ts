import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { WebhookDeliveryResponse } from "./serialize-webhook-delivery";
import { WebhookDeliveryLogEntry, WebhookDeliveryLogQuery } from "./list-user-webhook-deliveries";
import { TestWebhookRequest, TestWebhookResponse } from "./send-test-webhook";

const tags = ["Users"];

export const listWebhookDeliveriesRoute = defineRoute({
  method: "GET",
  path: "/api/users/me/webhook-deliveries",
  surface: "api",
  auth: "user",
  operationId: "usersListWebhookDeliveries",
  summary: "Webhook deliveries of all the caller's jobs",
  description:
    "Newest first, each with its attempts (status code, duration, error). The developer portal's delivery log; per job, GET /v1/jobs/{id}/webhooks answers the same with an API key.",
  tags,
  query: WebhookDeliveryLogQuery,
  responses: { 200: { description: "The deliveries, newest first.", schema: z.array(WebhookDeliveryLogEntry) } },
});

export const redeliverWebhookDeliveryRoute = defineRoute({
  method: "POST",
  path: "/api/users/me/webhook-deliveries/{delivery_id}/redeliver",
  surface: "api",
  auth: "user",
  operationId: "usersRedeliverWebhook",
  summary: "Send a delivery's job webhook again",
  description:
    "A new delivery (its own webhook-id, up to three attempts) of the job as it is now, as POST /v1/jobs/{id}/webhooks/redeliver.",
  tags,
  params: z.object({ delivery_id: z.string().uuid() }),
  responses: {
    202: { description: "The new delivery.", schema: WebhookDeliveryResponse },
    404: { description: "No such delivery among the caller's jobs." },
    409: { description: "The job is still processing." },
  },
});

export const sendTestWebhookRoute = defineRoute({
  method: "POST",
  path: "/api/users/me/webhook-deliveries/test",
  surface: "api",
  auth: "user",
  operationId: "usersSendTestWebhook",
  summary: "Send a signed test event to a URL",
  description:
    "One POST of {type: webhook.test, job_id: null, data: {message}} signed with your secret, as job webhooks are, sent at once and " +
    "not retried or stored; answers how the receiver answered. A receiver that is down is reported (delivered false), not an error.",
  tags,
  body: TestWebhookRequest,
  responses: {
    200: TestWebhookResponse,
    400: { description: "The URL is not a public http(s) URL." },
  },
});

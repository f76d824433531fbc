import { z } from "zod";
import { defineRoute } from "@/lib/http/contract";
import { WebhookDeliveryResponse } from "./list-job-webhook-deliveries";
import { WebhookDeliveryLogEntry, WebhookDeliveryLogQuery } from "./list-user-webhook-deliveries";

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

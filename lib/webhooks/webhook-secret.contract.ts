import { defineRoute } from "@/lib/contracts/contract";
import { WebhookSecretResponse } from "./webhook-secret";

const tags = ["Users"];

export const getWebhookSecretRoute = defineRoute({
  method: "GET",
  path: "/api/users/me/webhook-secret",
  surface: "api",
  auth: "user",
  operationId: "usersGetWebhookSecret",
  summary: "The webhook signing secret",
  description:
    "Created on first read. Every webhook delivery carries webhook-id, webhook-timestamp and webhook-signature (v1,<base64 HMAC-SHA256 of id.timestamp.body> keyed with the base64 part after whsec_), as Standard Webhooks libraries verify.",
  tags,
  responses: { 200: WebhookSecretResponse },
});

export const rotateWebhookSecretRoute = defineRoute({
  method: "POST",
  path: "/api/users/me/webhook-secret",
  surface: "api",
  auth: "user",
  operationId: "usersRotateWebhookSecret",
  summary: "Replace the webhook signing secret",
  description:
    "Deliveries signed from now on, retries included, use the new secret; the old one stops working at once.",
  tags,
  responses: { 200: WebhookSecretResponse },
});

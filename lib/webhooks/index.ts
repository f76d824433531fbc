export { signWebhook, computeWebhookSignature, verifyWebhookSignature, type WebhookSignatureInput } from "./sign-webhook";
export { generateWebhookSecret, getOrCreateWebhookSecret, rotateWebhookSecret, WebhookSecretResponse } from "./webhook-secret";
export { buildJobWebhookPayload, JobWebhookPayload } from "./build-job-webhook-payload";
export { enqueueJobWebhook } from "./enqueue-job-webhook";
export { redeliverJobWebhook } from "./redeliver-job-webhook";
export { attemptWebhookDelivery, WEBHOOK_TIMEOUT_MS, type WebhookAttemptOutcome } from "./attempt-webhook-delivery";
export { finishWebhookDelivery } from "./finish-webhook-delivery";
export { listJobWebhookDeliveries, serializeWebhookDelivery, WebhookDeliveryResponse } from "./list-job-webhook-deliveries";
export { webhookDeliveryRequested, webhookDeliveryEventId } from "@/lib/background/events";

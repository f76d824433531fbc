import { z } from "zod";
import type { WebhookAttempt, WebhookDelivery } from "@/lib/db/generated/client";

export const WebhookDeliveryResponse = z
  .object({
    id: z.string().uuid().describe("Also the webhook-id header of every attempt."),
    job_id: z.string().uuid(),
    url: z.string(),
    status: z.enum(["pending", "delivered", "undeliverable"]),
    created_at: z.string().datetime(),
    completed_at: z.string().datetime().nullable(),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        status_code: z.number().int().nullable().describe("The receiver's HTTP status; null when it did not answer."),
        duration_ms: z.number().int(),
        error: z.string().nullable(),
        created_at: z.string().datetime(),
      }),
    ),
  })
  .meta({ id: "WebhookDelivery" });

export type WebhookDeliveryResponse = z.infer<typeof WebhookDeliveryResponse>;

/** A delivery with its attempts as the API shows it (GET /v1/jobs/{id}/webhooks, the user's delivery log). */
export function serializeWebhookDelivery(
  delivery: WebhookDelivery & { attempts: WebhookAttempt[] },
): WebhookDeliveryResponse {
  return {
    id: delivery.id,
    job_id: delivery.jobId,
    url: delivery.url,
    status: delivery.status as WebhookDeliveryResponse["status"],
    created_at: delivery.createdAt.toISOString(),
    completed_at: delivery.completedAt?.toISOString() ?? null,
    attempts: [...delivery.attempts]
      .sort((a, b) => a.attemptNumber - b.attemptNumber)
      .map((attempt) => ({
        attempt: attempt.attemptNumber,
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        error: attempt.error,
        created_at: attempt.createdAt.toISOString(),
      })),
  };
}

import type { Db } from "@/lib/db";
import { postSignedWebhook } from "./post-signed-webhook";
import { getOrCreateWebhookSecret } from "./webhook-secret";

export { WEBHOOK_TIMEOUT_MS } from "./post-signed-webhook";

export interface WebhookAttemptOutcome {
  attemptNumber: number;
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * One signed POST of a delivery's payload (postSignedWebhook), recorded as a WebhookAttempt row (status
 * code, duration, error). Any 2xx is a success; a redirect is a failure (never followed), as are timeouts,
 * refused addresses and network errors. Recording is keyed by attempt number, so a retried step that already
 * recorded its attempt returns that outcome instead of posting again.
 */
export async function attemptWebhookDelivery(options: {
  db: Db;
  deliveryId: string;
  attemptNumber: number;
  timeoutMs?: number;
}): Promise<WebhookAttemptOutcome> {
  const { db, deliveryId, attemptNumber } = options;
  const recorded = await db.webhookAttempt.findUnique({
    where: { deliveryId_attemptNumber: { deliveryId, attemptNumber } },
  });
  if (recorded) return toOutcome(recorded);

  const delivery = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { job: { select: { userId: true } } },
  });
  const { statusCode, durationMs, error } = await postSignedWebhook({
    url: delivery.url,
    id: delivery.id,
    body: JSON.stringify(delivery.payload),
    secret: await getOrCreateWebhookSecret({ db, userId: delivery.job.userId }),
    timeoutMs: options.timeoutMs,
  });

  await db.webhookAttempt.createMany({
    data: [{ deliveryId, attemptNumber, statusCode, durationMs, error }],
    skipDuplicates: true,
  });
  return { attemptNumber, delivered: error === null, statusCode, durationMs, error };
}

function toOutcome(attempt: {
  attemptNumber: number;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}): WebhookAttemptOutcome {
  return {
    attemptNumber: attempt.attemptNumber,
    delivered: attempt.error === null,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    error: attempt.error,
  };
}

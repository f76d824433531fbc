import type { Db } from "@/lib/db";
import { OutboundTimeoutError, safeFetch } from "@/lib/net/safe-fetch";
import { signWebhook } from "./sign-webhook";
import { getOrCreateWebhookSecret } from "./webhook-secret";

/** Receivers must answer within this time (developer-api.md advises 5 seconds). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
// Receivers' answers are not used; a little is read so a chatty receiver is not an error.
const MAX_RECEIVER_ANSWER_BYTES = 1024 * 1024;

export interface WebhookAttemptOutcome {
  attemptNumber: number;
  delivered: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * One signed POST of a delivery's payload, recorded as a WebhookAttempt row (status code, duration,
 * error). Any 2xx is a success; a redirect is a failure (never followed), as are timeouts, refused
 * addresses and network errors. Recording is keyed by attempt number, so a retried step that already
 * recorded its attempt returns that outcome instead of posting again.
 */
export async function attemptWebhookDelivery(
  db: Db,
  options: { deliveryId: string; attemptNumber: number; timeoutMs?: number },
): Promise<WebhookAttemptOutcome> {
  const { deliveryId, attemptNumber } = options;
  const recorded = await db.webhookAttempt.findUnique({
    where: { deliveryId_attemptNumber: { deliveryId, attemptNumber } },
  });
  if (recorded) return toOutcome(recorded);

  const delivery = await db.webhookDelivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: { job: { select: { userId: true } } },
  });
  const secret = await getOrCreateWebhookSecret(db, delivery.job.userId);
  const body = JSON.stringify(delivery.payload);
  const headers = {
    "content-type": "application/json",
    "user-agent": "docsvc-webhooks/1",
    ...signWebhook({ id: delivery.id, timestamp: Math.floor(Date.now() / 1000), body, secret }),
  };

  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await safeFetch(
      delivery.url,
      { method: "POST", headers, body },
      { timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS, maxResponseBytes: MAX_RECEIVER_ANSWER_BYTES },
    );
    statusCode = response.status;
    if (statusCode >= 300 && statusCode < 400)
      error = `Redirect to ${response.headers.get("location") ?? "(no location)"} not followed`;
    else if (statusCode < 200 || statusCode >= 300) error = `Receiver answered ${statusCode}`;
  } catch (failure) {
    error = failure instanceof OutboundTimeoutError ? failure.message : describeNetworkError(failure);
  }
  const durationMs = Math.round(performance.now() - started);

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

// Node's fetch-style errors hide the useful part (ECONNREFUSED, ENOTFOUND) in a code or a cause.
function describeNetworkError(failure: unknown): string {
  if (!(failure instanceof Error)) return String(failure);
  const code = (failure as NodeJS.ErrnoException).code;
  return code && !failure.message.includes(code) ? `${code}: ${failure.message}` : failure.message;
}

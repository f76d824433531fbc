import { getDb as getAppDb, type Db } from "@/lib/db";
import { defineFunction } from "@/lib/background/define-function";
import { attemptWebhookDelivery, WEBHOOK_TIMEOUT_MS } from "@/lib/webhooks/attempt-webhook-delivery";
import { finishWebhookDelivery } from "@/lib/webhooks/finish-webhook-delivery";
import { webhookDeliveryRequested } from "@/lib/background/events";

/** Waits before attempts 2 and 3 (developer-api.md, "Events"): attempts at 0 s, 5 s and 15 s. */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 10_000];

export interface DeliverWebhookOptions {
  retryDelaysMs?: readonly number[];
  timeoutMs?: number;
  getDb?: () => Promise<Db>;
}

/**
 * Delivers one webhook: attempt 1 at once, then one attempt after each delay; any 2xx marks the
 * delivery delivered, and failing every attempt marks it undeliverable (the job stays readable).
 * Each attempt is its own step, so a restart never repeats a finished attempt, and each sleep is
 * durable. Step retries cover our own failures (database); a receiver's failure is an attempt's
 * outcome, not an error.
 */
export function createDeliverWebhookFunction(options: DeliverWebhookOptions = {}) {
  const retryDelaysMs = options.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
  const getDb = options.getDb ?? getAppDb;
  const attempts = retryDelaysMs.length + 1;

  return defineFunction({
    id: "deliver-webhook",
    event: webhookDeliveryRequested,
    retries: 2,
    async handler({ event, step }) {
      const { deliveryId } = event.data;
      for (let attemptNumber = 1; attemptNumber <= attempts; attemptNumber++) {
        const outcome = await step.run(`attempt-${attemptNumber}`, async () =>
          attemptWebhookDelivery({
            db: await getDb(),
            deliveryId,
            attemptNumber,
            timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          }),
        );
        if (outcome.delivered) {
          await step.run("mark-delivered", async () =>
            finishWebhookDelivery({ db: await getDb(), deliveryId, status: "delivered" }),
          );
          return { status: "delivered" as const, attempts: attemptNumber };
        }
        if (attemptNumber < attempts)
          await step.sleep(`wait-before-attempt-${attemptNumber + 1}`, retryDelaysMs[attemptNumber - 1]);
      }
      await step.run("mark-undeliverable", async () =>
        finishWebhookDelivery({ db: await getDb(), deliveryId, status: "undeliverable" }),
      );
      return { status: "undeliverable" as const, attempts };
    },
  });
}

export const deliverWebhook = createDeliverWebhookFunction();

import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db";
import { assertPublicUrl } from "@/lib/net/ssrf-guard";
import { postSignedWebhook } from "./post-signed-webhook";
import { getOrCreateWebhookSecret } from "./webhook-secret";

export const TestWebhookRequest = z
  .object({ url: z.string().min(1).max(2048).describe("A public http(s) URL, as webhook_url on /v1 requests.") })
  .strict()
  .meta({ id: "TestWebhookRequest" });

export const TestWebhookResponse = z
  .object({
    webhook_id: z.string().uuid().describe("The webhook-id header the test event carried."),
    url: z.string(),
    delivered: z.boolean().describe("True when the receiver answered 2xx."),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: "TestWebhookResponse" });

/**
 * Sends one signed test event to a URL at once, as a job's webhook would be sent (same headers,
 * signature, SSRF guard and time limit), and answers how the receiver answered. Nothing is stored and
 * it is not retried: it is for checking a receiver before real jobs use it.
 */
export async function sendTestWebhook(options: {
  db: Db;
  userId: string;
  url: z.infer<typeof TestWebhookRequest>["url"];
}): Promise<z.infer<typeof TestWebhookResponse>> {
  const { db, userId } = options;
  const url = (await assertPublicUrl(options.url)).url.href;
  const id = randomUUID();
  const body = JSON.stringify({
    type: "webhook.test",
    job_id: null,
    data: { message: "A test event from docsvc: your receiver and its signature check work if you read this." },
  });
  const outcome = await postSignedWebhook({ url, id, body, secret: await getOrCreateWebhookSecret({ db, userId }) });
  return {
    webhook_id: id,
    url,
    delivered: outcome.error === null,
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    error: outcome.error,
  };
}

import { createHmac, timingSafeEqual } from "node:crypto";

// Standard Webhooks (standardwebhooks.com): secrets are `whsec_` + base64 key bytes, and the
// signature is `v1,` + base64 HMAC-SHA256 over `id.timestamp.body`.
const SECRET_PREFIX = "whsec_";

export interface WebhookSignatureInput {
  /** The delivery id: the same on every attempt, so receivers can deduplicate. */
  id: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  /** The exact body bytes sent. */
  body: string;
  /** whsec_… */
  secret: string;
}

function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error("Webhook secrets start with whsec_");
  return Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
}

/** `v1,<base64 signature>` of one delivery attempt. */
export function computeWebhookSignature(input: WebhookSignatureInput): string {
  const mac = createHmac("sha256", secretKey(input.secret))
    .update(`${input.id}.${input.timestamp}.${input.body}`)
    .digest("base64");
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one delivery attempt. */
export function signWebhook(
  input: WebhookSignatureInput,
): Record<"webhook-id" | "webhook-timestamp" | "webhook-signature", string> {
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
    "webhook-signature": computeWebhookSignature(input),
  };
}

/**
 * What a receiver does: true when one of the space-separated signatures in webhook-signature matches
 * and the timestamp is within toleranceSeconds of now (replays of old deliveries are refused).
 */
export function verifyWebhookSignature(options: {
  headers: { get(name: string): string | null };
  body: string;
  secret: string;
  toleranceSeconds?: number;
  now?: Date;
}): boolean {
  const id = options.headers.get("webhook-id");
  const timestamp = Number(options.headers.get("webhook-timestamp"));
  const signatures = options.headers.get("webhook-signature");
  if (!id || !Number.isInteger(timestamp) || !signatures) return false;
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(computeWebhookSignature({ id, timestamp, body: options.body, secret: options.secret }));
  return signatures.split(" ").some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

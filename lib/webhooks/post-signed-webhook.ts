import { OutboundTimeoutError, safeFetch } from "@/lib/net/safe-fetch";
import { signWebhook } from "./sign-webhook";

/** Receivers must answer within this time (developer-api.md advises 5 seconds). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
// Receivers' answers are not used; a little is read so a chatty receiver is not an error.
const MAX_RECEIVER_ANSWER_BYTES = 1024 * 1024;

export interface SignedPostOutcome {
  statusCode: number | null;
  durationMs: number;
  /** Why it was not delivered; null for a 2xx. */
  error: string | null;
}

/**
 * One POST of a JSON body signed the Standard Webhooks way, through the SSRF guard. Any 2xx is a
 * success; a redirect is a failure (never followed), as are timeouts, refused addresses and network errors.
 */
export async function postSignedWebhook(options: {
  url: string;
  id: string;
  body: string;
  secret: string;
  timeoutMs?: number;
}): Promise<SignedPostOutcome> {
  const headers = {
    "content-type": "application/json",
    "user-agent": "docsvc-webhooks/1",
    ...signWebhook({
      id: options.id,
      timestamp: Math.floor(Date.now() / 1000),
      body: options.body,
      secret: options.secret,
    }),
  };
  const started = performance.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    const response = await safeFetch(
      options.url,
      { method: "POST", headers, body: options.body },
      { timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS, maxResponseBytes: MAX_RECEIVER_ANSWER_BYTES },
    );
    statusCode = response.status;
    if (statusCode >= 300 && statusCode < 400)
      error = `Redirect to ${response.headers.get("location") ?? "(no location)"} not followed`;
    else if (statusCode < 200 || statusCode >= 300) error = `Receiver answered ${statusCode}`;
  } catch (failure) {
    error = failure instanceof OutboundTimeoutError ? failure.message : describeNetworkError(failure);
  }
  return { statusCode, durationMs: Math.round(performance.now() - started), error };
}

// Node's fetch-style errors hide the useful part (ECONNREFUSED, ENOTFOUND) in a code or a cause.
function describeNetworkError(failure: unknown): string {
  if (!(failure instanceof Error)) return String(failure);
  const code = (failure as NodeJS.ErrnoException).code;
  return code && !failure.message.includes(code) ? `${code}: ${failure.message}` : failure.message;
}

import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifyWebhookSignature } from "../sign-webhook";

export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
  /** Whether webhook-signature matched the secret the receiver was given (null: no secret given). */
  signatureValid: boolean | null;
}

/** How the receiver answers its n-th request (the last entry repeats). */
export interface ReceiverAnswer {
  status: number;
  /** Waits this long before answering (a slow receiver). */
  delayMs?: number;
  headers?: Record<string, string>;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The secret deliveries are verified with; may be set after start (it is created with the user). */
  secret: string | undefined;
  close(): Promise<void>;
}

/**
 * A real local HTTP receiver for tests: answers its requests as scripted (fail twice then succeed,
 * answer slowly, redirect) and verifies each delivery's Standard Webhooks signature as a customer would.
 */
export async function startWebhookReceiver(
  answers: ReceiverAnswer[],
  options: { secret?: string; path?: string } = {},
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const receiver: WebhookReceiver = { url: "", received, secret: options.secret, close: async () => {} };
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : (value ?? ""),
        ]),
      );
      const signatureValid =
        receiver.secret === undefined
          ? null
          : verifyWebhookSignature({ headers: new Headers(headers), body, secret: receiver.secret });
      received.push({ headers, body, receivedAt: Date.now(), signatureValid });
      const answer = answers[Math.min(received.length - 1, answers.length - 1)];
      const respond = () => {
        timers.delete(timer);
        if (!res.destroyed)
          res.writeHead(answer.status, answer.headers).end(answer.status >= 200 && answer.status < 300 ? "ok" : "nope");
      };
      const timer = setTimeout(respond, answer.delayMs ?? 0);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.path ?? "/webhook"}`;
  receiver.close = async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}

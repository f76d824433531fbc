import http from "node:http";
import https from "node:https";
import { assertPublicUrl, guardedLookup } from "./ssrf-guard";

export interface SafeFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

export interface SafeFetchOptions {
  /** The whole exchange (connect, send, read the answer) must finish within this time. */
  timeoutMs: number;
  /** Answers longer than this are cut off with an error; callers of outbound hooks need little. */
  maxResponseBytes?: number;
}

/** Thrown when the receiver did not answer within timeoutMs. */
export class OutboundTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`No answer within ${timeoutMs} ms`);
    this.name = "OutboundTimeoutError";
  }
}

const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

/**
 * An outbound HTTP request through the SSRF guard: the URL is checked and resolved first, and the
 * connection's own DNS lookup is checked again (so a rebinding answer cannot reach a private host).
 * Redirects are never followed: a 3xx is returned as is. Gives a standard Response.
 */
export async function safeFetch(
  rawUrl: string | URL,
  init: SafeFetchInit,
  options: SafeFetchOptions,
): Promise<Response> {
  const { url } = await assertPublicUrl(rawUrl);
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  const maxBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const transport = url.protocol === "https:" ? https : http;

  try {
    return await new Promise<Response>((resolve, reject) => {
      const request = transport.request(
        url,
        { method: init.method ?? "GET", headers: init.headers, lookup: guardedLookup, signal },
        (incoming) => {
          const chunks: Buffer[] = [];
          let received = 0;
          incoming.on("data", (chunk: Buffer) => {
            received += chunk.length;
            if (received > maxBytes) {
              incoming.destroy(new Error(`Answer larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          incoming.on("error", reject);
          incoming.on("end", () => {
            const status = incoming.statusCode ?? 0;
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
            }
            const nullBody = status === 204 || status === 205 || status === 304;
            resolve(
              new Response(nullBody ? null : Buffer.concat(chunks), {
                status,
                statusText: incoming.statusMessage,
                headers,
              }),
            );
          });
        },
      );
      request.on("error", reject);
      request.end(init.body);
    });
  } catch (error) {
    if (timeout.aborted) throw new OutboundTimeoutError(options.timeoutMs);
    throw error;
  }
}

import { randomUUID } from "node:crypto";
import { logger } from "@/lib/log/logger";

/**
 * Wraps a route handler so its request gets an id (the X-Request-Id header, also given to the
 * handler) and one `request` log line with method, path, status and duration. The route kit uses it,
 * and so do the handlers it does not build (Inngest's serve endpoint, next-auth's).
 */
export function withRequestLog<A extends unknown[]>(
  handler: (req: Request, requestId: string, ...rest: A) => Promise<Response>,
): (req: Request, ...rest: A) => Promise<Response> {
  return async (req, ...rest) => {
    const requestId = randomUUID();
    const started = performance.now();
    const line = (status: number) =>
      logger.info("request", {
        request_id: requestId,
        method: req.method,
        path: new URL(req.url).pathname,
        status,
        ms: Math.round(performance.now() - started),
      });
    let response: Response;
    try {
      response = await handler(req, requestId, ...rest);
    } catch (error) {
      line(500);
      throw error;
    }
    response = withHeader(response, "X-Request-Id", requestId);
    line(response.status);
    return response;
  };
}

function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    // Responses from fetch() have immutable headers: copy the response to add ours.
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}

import { logger } from "@/lib/log/logger";
import type { Surface } from "@/lib/contracts/surface";
import { AppError, toAppError } from "@/lib/errors/app-error";

/** /api speaks FastAPI's error dialect; /v1 the developer API's `{"error":{code,message}}`. */
export type { Surface };

/** The HTTP response for an AppError in the surface's shape. */
export function renderError(surface: Surface, error: AppError, extraHeaders?: HeadersInit): Response {
  const headers = new Headers(extraHeaders);
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  return Response.json(surface === "api" ? fastApiBody(error) : developerApiBody(error), {
    status: error.status,
    headers,
  });
}

function fastApiBody(error: AppError): unknown {
  // FastAPI's HTTPValidationError: detail is the list of problems; every other error a string.
  if (error.code === "validation_error" && error.issues) return { detail: error.issues };
  return { detail: error.message };
}

function developerApiBody(error: AppError): unknown {
  const body: { code: string; message: string; details?: unknown } = { code: error.code, message: error.message };
  if (error.issues) body.details = error.issues;
  return { error: body };
}

/**
 * Renders any thrown value. An unexpected one is logged with the request id, and its 500 body carries
 * that id (never the error's own message), so a user's report can be matched to the log line.
 */
export function renderThrown({
  surface,
  thrown,
  context,
  extraHeaders,
}: {
  surface: Surface;
  thrown: unknown;
  /** The request, for the log line of an unexpected error. */
  context: { method: string; path: string; requestId?: string };
  extraHeaders?: HeadersInit;
}): Response {
  const { appError, unexpected } = toAppError(thrown);
  if (!unexpected) return renderError(surface, appError, extraHeaders);
  logger.error("request_failed", {
    request_id: context.requestId,
    method: context.method,
    path: context.path,
    error: thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown),
  });
  const response = renderError(surface, appError, extraHeaders);
  if (!context.requestId) return response;
  const body =
    surface === "api"
      ? { detail: appError.message, request_id: context.requestId }
      : { error: { code: appError.code, message: appError.message, request_id: context.requestId } };
  return Response.json(body, { status: response.status, headers: response.headers });
}

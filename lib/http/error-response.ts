import { AppError, toAppError } from "./errors";

/** /api speaks FastAPI's error dialect; /v1 the developer API's `{"error":{code,message}}`. */
export type Surface = "api" | "v1";

/** The HTTP response for an AppError in the surface's shape. */
export function renderError(surface: Surface, error: AppError, extraHeaders?: HeadersInit): Response {
  const headers = new Headers(extraHeaders);
  for (const [name, value] of Object.entries(error.headers)) headers.set(name, value);
  return Response.json(surface === "api" ? fastApiBody(error) : developerApiBody(error), { status: error.status, headers });
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

/** Renders any thrown value, logging the unexpected ones (their message never reaches the client). */
export function renderThrown(surface: Surface, thrown: unknown, context: { method: string; path: string }, extraHeaders?: HeadersInit): Response {
  const { appError, unexpected } = toAppError(thrown);
  if (unexpected) console.error(`[http] ${context.method} ${context.path} failed`, thrown);
  return renderError(surface, appError, extraHeaders);
}

import type { z } from "zod";
import type { AuthMode, Caller } from "./caller";
import type { Surface } from "./surface";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A response in the OpenAPI document: a schema (JSON), or a description with a media type (files, SSE). */
export type ResponseSpec =
  z.ZodType | { description: string; schema?: z.ZodType; contentType?: string; example?: unknown };

/**
 * Runs after the caller is known and before validation, on every request of a surface or route.
 * Returned headers go on the response whatever it is (success or error); throwing an AppError
 * (e.g. rate_limit_exceeded with Retry-After in its headers) answers with that error instead.
 */
/**
 * Runs after the caller is identified, before the input is read. `refused` is set when the request's
 * credentials were refused (the 401 follows): the hook runs with an anonymous caller, so headers it
 * returns (X-RateLimit-*) reach the error response too.
 */
export type RouteHook = (context: {
  req: Request;
  caller: Caller;
  contract: RouteContract;
  refused?: boolean;
}) => Promise<Record<string, string> | void>;

/**
 * Everything about one operation: how it is served (auth, schemas, limits) and how it is documented.
 * The same object feeds `route()` and the OpenAPI document, so the two cannot disagree.
 */
export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI-style path: /api/batch/{batch_id}. */
  path: string;
  surface: Surface;
  auth: AuthMode;
  operationId: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body. */
  body?: z.ZodType;
  /** Named examples of the JSON body, shown in the OpenAPI document (media type `examples`). */
  bodyExamples?: Record<string, { summary: string; value: unknown }>;
  /** multipart/form-data or urlencoded body; file fields are z.file() or z.array(z.file()). */
  form?: z.ZodType;
  /** Media type documented for `form`; multipart/form-data unless set. */
  formContentType?: "multipart/form-data" | "application/x-www-form-urlencoded";
  responses: Partial<Record<number, ResponseSpec>>;
  /** Query parameter accepted as an access token (GET /api/batch/image?token=…). */
  queryTokenParam?: string;
  /** Body size limit in bytes (defaults: 1 MB for JSON, 101 MB for forms). */
  maxBodyBytes?: number;
  /** Hooks for this route only, after the surface's own. */
  hooks?: readonly RouteHook[];
  /**
   * Idempotency-Key support (answerIdempotently): `canonicalForm` rebuilds the validated form in a
   * fixed order for the request hash, and the handler returns { status, body } instead of a Response.
   */
  idempotency?: { canonicalForm(form: never): FormData };
}

/** Declares a contract, keeping its literal types so handlers get typed input. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

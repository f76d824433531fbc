import { AppError } from "./errors";
import { assertFormFieldSizes } from "./form-field-limit";
import { formatBytes } from "./format-bytes";
import { jsonDepth, MAX_JSON_DEPTH } from "./input-safety";

/** Default limit for JSON bodies; uploads go through forms with their own limit. */
export const DEFAULT_JSON_LIMIT_BYTES = 1024 * 1024;
/** Default limit for multipart/urlencoded bodies: the largest tier's file size plus form overhead. */
export const DEFAULT_FORM_LIMIT_BYTES = 101 * 1024 * 1024;

/**
 * The request body as bytes, refusing with 413 as soon as it passes `limit.bytes`, so a huge upload
 * is never buffered whole. A declared Content-Length above the limit is refused before reading.
 */
export async function readBodyLimited(
  req: Request,
  limit: number | { bytes: number; explain: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const { bytes: limitBytes, explain } =
    typeof limit === "number" ? { bytes: limit, explain: `at most ${formatBytes(limit)}` } : limit;
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw bodyTooLargeError(explain, declared);
  if (!req.body) return new Uint8Array(0);

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) {
        await reader.cancel("body too large");
        throw bodyTooLargeError(explain);
      }
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function bodyTooLargeError(explain: string, declaredBytes?: number): AppError {
  const size =
    declaredBytes === undefined ? "The request body is too large" : `The request body is ${formatBytes(declaredBytes)}`;
  return new AppError("payload_too_large", `${size}; ${explain}`);
}

/**
 * A JSON body must say so: `application/json` or a `+json` type. A page on another site can post
 * `text/plain` or a form without asking the browser's permission, but not JSON, so this also keeps
 * cross-site forms out of JSON routes. An empty body needs no type (the schema reports it missing).
 */
export function requireJsonContentType(bytes: Uint8Array, contentType: string | null): void {
  if (bytes.byteLength === 0) return;
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType === "application/json" || /^application\/[\w.+-]+\+json$/.test(mediaType)) return;
  throw new AppError(
    "unsupported_media_type",
    `Expected Content-Type: application/json, got ${mediaType === "" ? "none" : mediaType}`,
  );
}

export type RawJson =
  { ok: true; value: unknown } | { ok: false; message: string; type: "json_invalid" | "json_too_deep" };

/**
 * JSON text parsed; an empty body is `undefined` so the schema reports the body as missing. A body
 * nesting deeper than MAX_JSON_DEPTH is refused here, before anything walks it recursively.
 */
export function parseJsonBody(bytes: Uint8Array): RawJson {
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === "") return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      type: "json_invalid",
      message: `JSON decode error: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    return {
      ok: false,
      type: "json_too_deep",
      message: `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels; at most ${MAX_JSON_DEPTH} are accepted`,
    };
  }
  return { ok: true, value };
}

/** A multipart or urlencoded body parsed into FormData; anything else is 415, an oversize text field 413. */
export async function parseFormBody(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): Promise<FormData> {
  const type = contentType?.toLowerCase() ?? "";
  if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) {
    throw new AppError("unsupported_media_type", "Expected multipart/form-data or application/x-www-form-urlencoded");
  }
  assertFormFieldSizes(bytes, contentType);
  try {
    return await new Response(bytes, { headers: { "content-type": contentType ?? "" } }).formData();
  } catch (error) {
    throw new AppError("bad_request", "Malformed form body", { cause: error });
  }
}

import { AppError } from "@/lib/errors/app-error";
import { assertUrlEncodedFieldSizes } from "./form-field-limit";
import { formatBytes } from "@/lib/text/format-bytes";
import { jsonDepth, MAX_JSON_DEPTH } from "./input-safety";
import { wellFormedStrings } from "@/lib/text/well-formed-text";
import { readMultipartForm } from "./multipart/read-multipart-form";
import type { UploadSpool } from "./multipart/upload-spool";

// The default limits live with the other upload limits (the batch upload allowance reports them).
export { DEFAULT_FORM_LIMIT_BYTES, DEFAULT_JSON_LIMIT_BYTES } from "@/lib/upload-limits/body-limits";

/** A limit as a byte count and the end of its 413 message. */
function limitOf(limit: number | { bytes: number; explain: string }): { bytes: number; explain: string } {
  return typeof limit === "number" ? { bytes: limit, explain: `at most ${formatBytes(limit)}` } : limit;
}

/**
 * The request body's chunks as they arrive, refusing with 413 as soon as they pass `limit.bytes`,
 * so a huge upload is never read whole. A declared Content-Length above the limit is refused before reading.
 */
export async function* readBodyChunks(
  req: Request,
  limit: number | { bytes: number; explain: string },
): AsyncGenerator<Uint8Array> {
  const { bytes: limitBytes, explain } = limitOf(limit);
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw bodyTooLargeError(explain, declared);
  if (!req.body) return;

  const reader = req.body.getReader();
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
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The request body as bytes, within `limit` (see readBodyChunks): JSON and urlencoded bodies. */
export async function readBodyLimited(
  req: Request,
  limit: number | { bytes: number; explain: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of readBodyChunks(req, limit)) {
    chunks.push(chunk);
    total += chunk.byteLength;
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
  return { ok: true, value: wellFormedStrings(value) };
}

/**
 * A multipart or urlencoded body as FormData, within `limit`; anything else is 415, an oversize text
 * field 413. Multipart bodies are read as they arrive, their files written to `spool` (uploads are up
 * to 100 MB: held in memory they cost several copies at once); urlencoded ones are small and read whole.
 */
export async function readFormBody(
  req: Request,
  limit: number | { bytes: number; explain: string },
  spool: UploadSpool,
): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  const type = contentType.toLowerCase();
  if (type.startsWith("multipart/form-data"))
    return readMultipartForm({ chunks: readBodyChunks(req, limit), contentType, spool });
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new AppError("unsupported_media_type", "Expected multipart/form-data or application/x-www-form-urlencoded");
  }
  const bytes = await readBodyLimited(req, limit);
  assertUrlEncodedFieldSizes(bytes);
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes))) form.append(name, value);
  return form;
}

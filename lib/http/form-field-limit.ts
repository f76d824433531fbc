import { AppError } from "@/lib/errors/app-error";
import { formatBytes } from "@/lib/text/format-bytes";

/**
 * The most bytes one form field other than a file may hold. The longest text parameter accepted is
 * 1,000,000 characters (fill's JSON parameters), at most 4 bytes each in UTF-8.
 */
export const MAX_FORM_FIELD_BYTES = 4 * 1024 * 1024;

/**
 * Refuses (413) an urlencoded body with a field larger than MAX_FORM_FIELD_BYTES by scanning the raw
 * body, before it is parsed: a 50 MB `token` field costs a byte search, not a parse into a 50 MB
 * string. (A multipart body's fields are measured as it is read: lib/http/multipart.)
 */
export function assertUrlEncodedFieldSizes(bytes: Uint8Array<ArrayBuffer>): void {
  checkUrlEncoded(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

function checkUrlEncoded(body: Buffer): void {
  let start = 0;
  while (start < body.length) {
    const end = body.indexOf("&", start);
    const stop = end === -1 ? body.length : end;
    const equals = body.indexOf("=", start);
    const name = equals !== -1 && equals < stop ? body.toString("latin1", start, Math.min(equals, start + 100)) : "";
    assertFieldFits(name || "a form field", stop - start);
    start = stop + 1;
  }
}

/** Refuses (413) one field of `size` bytes over MAX_FORM_FIELD_BYTES. */
export function assertFieldFits(name: string, size: number): void {
  if (size <= MAX_FORM_FIELD_BYTES) return;
  throw new AppError(
    "payload_too_large",
    `The form field ${name} is ${formatBytes(size)}; fields other than files hold at most ${formatBytes(MAX_FORM_FIELD_BYTES)}`,
  );
}

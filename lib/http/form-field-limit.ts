import { AppError } from "./errors";
import { formatBytes } from "./format-bytes";

/**
 * The most bytes one form field other than a file may hold. The longest text parameter accepted is
 * 1,000,000 characters (fill's JSON parameters), at most 4 bytes each in UTF-8.
 */
export const MAX_FORM_FIELD_BYTES = 4 * 1024 * 1024;

/**
 * Refuses (413) a form whose text field is larger than MAX_FORM_FIELD_BYTES by scanning the raw body
 * for part boundaries, before the form is parsed: a 50 MB `schema` field costs a byte search, not a
 * parse into a 50 MB string. File parts are bounded by the body limit instead. A body too malformed
 * to scan is left to the parser, which refuses it.
 */
export function assertFormFieldSizes(bytes: Uint8Array<ArrayBuffer>, contentType: string | null): void {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType === "multipart/form-data") {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? "");
    if (boundary) checkMultipart(body, boundary[1] ?? boundary[2]);
  } else if (mediaType === "application/x-www-form-urlencoded") {
    checkUrlEncoded(body);
  }
}

function checkMultipart(body: Buffer, boundary: string): void {
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const headersStart = start + delimiter.length;
    const headersEnd = body.indexOf("\r\n\r\n", headersStart);
    if (headersEnd === -1) return;
    const contentStart = headersEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from("\r\n"), delimiter]), contentStart);
    if (next === -1) return;
    const headers = body.toString("latin1", headersStart, headersEnd);
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? "";
    if (!/;\s*filename\*?=/i.test(disposition)) {
      const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? "a form field";
      assertFieldFits(name, next - contentStart);
    }
    start = next + 2;
  }
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
function assertFieldFits(name: string, size: number): void {
  if (size <= MAX_FORM_FIELD_BYTES) return;
  throw new AppError(
    "payload_too_large",
    `The form field ${name} is ${formatBytes(size)}; fields other than files hold at most ${formatBytes(MAX_FORM_FIELD_BYTES)}`,
  );
}

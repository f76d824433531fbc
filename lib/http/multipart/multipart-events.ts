import { parsePartHeaders, type PartHeaders } from "./part-headers";

/** What a multipart/form-data body is made of, in order: a part's headers, its bytes in pieces, its end. */
export type MultipartEvent = ({ kind: "part" } & PartHeaders) | { kind: "data"; bytes: Buffer } | { kind: "end" };

export class MalformedMultipartError extends Error {}

/** A part's headers longer than this are not a form's: a client gone wrong, refused before it costs memory. */
const maxHeaderBytes = 64 * 1024;
const crlf = Buffer.from("\r\n");
const headersEnd = Buffer.from("\r\n\r\n");

/**
 * The parts of a multipart/form-data body as it arrives, holding no more than one chunk and a
 * delimiter's length of it: a part's bytes are passed on as they come (the consumer writes a file
 * to disk or collects a field), so a 100 MB upload is never in memory whole. Each `data` event's
 * bytes are valid until the next event is asked for. The delimiter is CRLF "--" boundary (the
 * first one may start the body); what precedes the first and follows the closing one is ignored,
 * and a body that ends before its closing delimiter is malformed.
 */
export async function* multipartEvents(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartEvent> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body's start counts as a line break, so a first delimiter at offset 0 is found like the others.
  let pending: Buffer = crlf;
  let state: "preamble" | "delimited" | "headers" | "body" | "closed" = "preamble";
  for await (const chunk of chunks) {
    if (state === "closed") continue;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    for (;;) {
      if (state === "preamble" || state === "body") {
        const found = pending.indexOf(delimiter);
        if (found === -1) {
          // Whatever cannot be the start of a delimiter is passed on (or, before the first part, dropped).
          const safe = pending.length - (delimiter.length - 1);
          if (safe > 0) {
            if (state === "body") yield { kind: "data", bytes: pending.subarray(0, safe) };
            pending = pending.subarray(safe);
          }
          break;
        }
        if (state === "body") {
          if (found > 0) yield { kind: "data", bytes: pending.subarray(0, found) };
          yield { kind: "end" };
        }
        pending = pending.subarray(found + delimiter.length);
        state = "delimited";
      } else if (state === "delimited") {
        const next = afterDelimiter(pending);
        if (next === undefined) break;
        if (next.closing) {
          state = "closed";
          break;
        }
        pending = pending.subarray(next.headersStart);
        state = "headers";
      } else if (state === "headers") {
        const end = pending.subarray(0, 2).equals(crlf) ? 0 : pending.indexOf(headersEnd);
        if (end === -1) {
          if (pending.length > maxHeaderBytes) throw new MalformedMultipartError("A part's headers are too long");
          break;
        }
        const headers = parsePartHeaders(pending.toString("utf8", 0, end));
        if (!headers) throw new MalformedMultipartError("A part has no name");
        yield { kind: "part", ...headers };
        pending = pending.subarray(end === 0 ? 2 : end + headersEnd.length);
        state = "body";
      } else {
        break;
      }
    }
  }
  if (state !== "closed") throw new MalformedMultipartError("The body ends before its closing boundary");
}

/**
 * After a delimiter: "--" closes the body; otherwise optional spaces or tabs and a line break lead
 * to the next part's headers. Undefined when more bytes are needed to tell.
 */
function afterDelimiter(bytes: Buffer): { closing: boolean; headersStart: number } | undefined {
  if (bytes.length < 2) return undefined;
  if (bytes[0] === 0x2d && bytes[1] === 0x2d) return { closing: true, headersStart: 2 };
  let position = 0;
  while (position < bytes.length && (bytes[position] === 0x20 || bytes[position] === 0x09)) position++;
  if (position > maxHeaderBytes) throw new MalformedMultipartError("A boundary is followed by padding without end");
  if (bytes.length < position + 2) return undefined;
  if (bytes[position] !== 0x0d || bytes[position + 1] !== 0x0a)
    throw new MalformedMultipartError("A boundary is not followed by a line break");
  return { closing: false, headersStart: position + 2 };
}

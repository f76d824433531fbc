import type { FileAnswer, RangeNotSatisfiable } from "@/lib/contracts/file-answer";
import { attachmentDisposition } from "./attachment-disposition";

/** The response sending a service's file: 200, 206 for a byte range, 416 for a range past its end. */
export function sendFile(file: FileAnswer | RangeNotSatisfiable): Response {
  if ("rangeNotSatisfiable" in file)
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${file.size}` } });
  const part = file.ranges?.part;
  const headers: Record<string, string> = { "content-type": file.contentType };
  const length = part ? part.end - part.start + 1 : file.size;
  if (length !== undefined) headers["content-length"] = String(length);
  if (file.ranges) headers["accept-ranges"] = "bytes";
  if (file.fileName !== undefined) headers["content-disposition"] = attachmentDisposition(file.fileName);
  if (file.cacheControl) headers["cache-control"] = file.cacheControl;
  // Every response carries it (next.config.ts); a file says it itself wherever it is served from.
  headers["x-content-type-options"] = "nosniff";
  Object.assign(headers, file.headers);
  if (!part) return new Response(file.body, { headers });
  headers["content-range"] = `bytes ${part.start}-${part.end}/${file.size}`;
  return new Response(file.body, { status: 206, headers });
}

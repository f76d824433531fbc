import type { ByteRange } from "./types";

/**
 * The single range of a `Range: bytes=a-b` or `bytes=a-` header, or undefined for anything else:
 * RFC 9110 lets a server ignore a Range header it does not handle (several ranges, a suffix range)
 * and send the whole representation.
 */
export function parseRangeHeader(header: string | null): ByteRange | undefined {
  const match = header ? /^bytes=(\d+)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] === "" ? undefined : Number(match[2]);
  if (!Number.isSafeInteger(start) || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    return undefined;
  }
  return { start, end };
}

import type { ByteRange } from "./types";

/** A range that starts past the blob's end (HTTP 416). */
export class BlobRangeError extends Error {
  readonly size: number;

  constructor(size: number, range: ByteRange) {
    super(`Byte range ${range.start}-${range.end ?? ""} is outside the blob's ${size} bytes`);
    this.name = "BlobRangeError";
    this.size = size;
  }
}

/** Throws RangeError for a range no blob could satisfy (negative, fractional, end before start). */
export function assertValidRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || start < 0 || (end !== undefined && (!Number.isSafeInteger(end) || end < start))) {
    throw new RangeError(`Invalid byte range ${start}-${end ?? ""}`);
  }
}

/** The range clamped to a blob of `size` bytes; throws BlobRangeError when nothing of it exists. */
export function resolveRange(range: ByteRange, size: number): Required<ByteRange> {
  assertValidRange(range);
  if (range.start >= size) throw new BlobRangeError(size, range);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** The value of an HTTP Range header for the range. */
export function rangeHeader(range: ByteRange): string {
  return `bytes=${range.start}-${range.end ?? ""}`;
}

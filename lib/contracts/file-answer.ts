/**
 * A file a service hands back for its route to send. The route kit's `sendFile` (lib/http/send-file.ts)
 * builds the response: Content-Type, Content-Length, Content-Disposition, caching and byte ranges.
 */
export interface FileAnswer {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Offered as a download under this name (Content-Disposition: attachment). */
  fileName?: string;
  /**
   * The file's length in bytes when known before sending. A file written while it streams has none,
   * so a download cut short by a failure is seen as incomplete.
   */
  size?: number;
  cacheControl?: string;
  /**
   * Byte ranges are served (Accept-Ranges: bytes); `part` is the slice of the `size`-byte file the body
   * holds when the request asked for one (206 with Content-Range).
   */
  ranges?: { part?: { start: number; end: number } };
  /** Headers this operation documents besides (X-Export-Mode, X-Export-Missing-Pages). */
  headers?: Record<string, string>;
}

/** The asked byte range starts past the file's end: 416 with `Content-Range: bytes *\/size`, no body. */
export interface RangeNotSatisfiable {
  rangeNotSatisfiable: true;
  size: number;
}

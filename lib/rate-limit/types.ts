/** The outcome of counting one request against a limit. */
export interface RateLimitResult {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Unix time (seconds) when the current window ends and the count starts again. */
  reset: number;
  allowed: boolean;
  /** Seconds to wait before retrying; 0 when allowed. */
  retryAfter: number;
}

/** Where window counters live: shared by every app instance, so the limit holds across them. */
export interface RateLimitStore {
  /** Adds one request to the key's window starting at windowStart and returns the window's count. */
  increment(key: string, windowStart: Date, windowMs: number): Promise<number>;
}

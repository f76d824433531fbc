// GET /api/batch/status answers from this cache for up to 2 s (application-api.md, "Limits").
// It lives in the process: every change made here invalidates it at once; with several app
// instances, a change made by another instance shows up within the TTL at most. The state is kept
// on globalThis: the server bundles route handlers and background work separately, and a module
// copy per bundle would let processing invalidate a cache the status route never reads.

const TTL_MS = 2_000;

interface StatusCacheState {
  entries: Map<string, { expiresAt: number; value: unknown }>;
  /** Invalidations so far, and the last one per batch (with when it happened). */
  invalidations: number;
  lastInvalidation: Map<string, { count: number; at: number }>;
}

const globalKey = Symbol.for("docsvc.batchStatusCache");
type GlobalWithCache = typeof globalThis & { [globalKey]?: StatusCacheState };

function state(): StatusCacheState {
  const holder = globalThis as GlobalWithCache;
  holder[globalKey] ??= { entries: new Map(), invalidations: 0, lastInvalidation: new Map() };
  return holder[globalKey];
}

export function readStatusCache<T>(batchId: string, now = Date.now()): T | undefined {
  const { entries } = state();
  const entry = entries.get(batchId);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    entries.delete(batchId);
    return undefined;
  }
  return entry.value as T;
}

/** A mark taken before reading a batch's status from the database, for writeStatusCache. */
export function statusCacheMark(): number {
  return state().invalidations;
}

/**
 * Caches a status unless the batch was invalidated since `mark` (taken before the status was read):
 * an answer read before a page was saved must not hide that page for 2 s.
 */
export function writeStatusCache({
  batchId,
  value,
  now = Date.now(),
  mark,
}: {
  batchId: string;
  value: unknown;
  now?: number;
  mark?: number;
}): void {
  const { entries, lastInvalidation } = state();
  if (mark !== undefined && (lastInvalidation.get(batchId)?.count ?? 0) > mark) return;
  // Expired entries are dropped as new ones arrive, so the map stays as small as the active set.
  if (entries.size > 1000) for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  entries.set(batchId, { expiresAt: now + TTL_MS, value });
}

/** Called by everything that changes a batch, its documents or their pages. */
export function invalidateBatchStatus(batchId: string, now = Date.now()): void {
  const cache = state();
  cache.entries.delete(batchId);
  // Reads take well under a minute, so older invalidations can no longer matter.
  if (cache.lastInvalidation.size > 1000) {
    for (const [key, entry] of cache.lastInvalidation) if (entry.at < now - 60_000) cache.lastInvalidation.delete(key);
  }
  cache.lastInvalidation.set(batchId, { count: ++cache.invalidations, at: now });
}

// GET /api/batch/status answers from this cache for up to 2 s (application-api.md, "Limits").
// It lives in the process: every change made here invalidates it at once; with several app
// instances, a change made by another instance shows up within the TTL at most.

const TTL_MS = 2_000;
const entries = new Map<string, { expiresAt: number; value: unknown }>();

export function readStatusCache<T>(batchId: string, now = Date.now()): T | undefined {
  const entry = entries.get(batchId);
  if (!entry) return undefined;
  if (entry.expiresAt <= now) {
    entries.delete(batchId);
    return undefined;
  }
  return entry.value as T;
}

// Invalidations per batch (with when they happened), so an answer computed before a change is not
// cached after it: a status read that started before a page was saved must not hide that page for 2 s.
let invalidationCount = 0;
const lastInvalidation = new Map<string, { count: number; at: number }>();

/** A mark taken before reading a batch's status from the database, for writeStatusCache. */
export function statusCacheMark(): number {
  return invalidationCount;
}

/** Caches a status unless the batch was invalidated since `mark` (taken before the status was read). */
export function writeStatusCache(batchId: string, value: unknown, now = Date.now(), mark?: number): void {
  if (mark !== undefined && (lastInvalidation.get(batchId)?.count ?? 0) > mark) return;
  // Expired entries are dropped as new ones arrive, so the map stays as small as the active set.
  if (entries.size > 1000) for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  entries.set(batchId, { expiresAt: now + TTL_MS, value });
}

/** Called by everything that changes a batch, its documents or their pages. */
export function invalidateBatchStatus(batchId: string, now = Date.now()): void {
  entries.delete(batchId);
  // Reads take well under a minute, so older invalidations can no longer matter.
  if (lastInvalidation.size > 1000) {
    for (const [key, entry] of lastInvalidation) if (entry.at < now - 60_000) lastInvalidation.delete(key);
  }
  lastInvalidation.set(batchId, { count: ++invalidationCount, at: now });
}

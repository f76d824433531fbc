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

export function writeStatusCache(batchId: string, value: unknown, now = Date.now()): void {
  // Expired entries are dropped as new ones arrive, so the map stays as small as the active set.
  if (entries.size > 1000) for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  entries.set(batchId, { expiresAt: now + TTL_MS, value });
}

/** Called by everything that changes a batch, its documents or their pages. */
export function invalidateBatchStatus(batchId: string): void {
  entries.delete(batchId);
}

import { invalidateBatchStatus } from "@/lib/batches/status-cache";
import type { Db } from "@/lib/db";
import { batchPrefix, type BlobStore } from "@/lib/storage";

const SESSIONS_PER_ROUND = 100;

export interface DeletedGuestSessions {
  sessions: number;
  batches: number;
}

/**
 * Deletes guest sessions that expired without being claimed, with their batches, documents, pages
 * (rows, by cascade) and stored files. Once expired, a session can neither be used nor claimed, so
 * nothing else touches these batches: files go first, and a failure part-way leaves rows that the
 * next run finds and finishes. Claimed sessions stay: their batches belong to the account now.
 */
export async function deleteExpiredGuestSessions(options: {
  db: Db;
  store: BlobStore;
  now?: Date;
}): Promise<DeletedGuestSessions> {
  const { db, store, now = new Date() } = options;
  const deleted: DeletedGuestSessions = { sessions: 0, batches: 0 };
  // Walk by id so a session that cannot be deleted (see below) is not found again forever.
  let afterId = "";
  for (;;) {
    const sessions = await db.guestSession.findMany({
      where: { id: { gt: afterId }, claimedByUserId: null, expiresAt: { lte: now } },
      orderBy: { id: "asc" },
      take: SESSIONS_PER_ROUND,
      select: { id: true, batches: { where: { userId: null }, select: { id: true } } },
    });
    for (const session of sessions) {
      for (const batch of session.batches) await store.deletePrefix(batchPrefix(batch.id));
      const [batches, removed] = await db.$transaction([
        db.batch.deleteMany({ where: { guestSessionId: session.id, userId: null } }),
        // Never cascade into a batch an account owns, whatever happened since the query above.
        db.guestSession.deleteMany({ where: { id: session.id, claimedByUserId: null, batches: { none: {} } } }),
      ]);
      for (const batch of session.batches) invalidateBatchStatus(batch.id);
      deleted.batches += batches.count;
      deleted.sessions += removed.count;
    }
    if (sessions.length < SESSIONS_PER_ROUND) return deleted;
    afterId = sessions[sessions.length - 1].id;
  }
}

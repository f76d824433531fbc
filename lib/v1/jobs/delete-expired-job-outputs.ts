import type { Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";

const BATCH_SIZE = 200;

/**
 * Deletes the files of jobs whose download expired (expires_at, 7 days after creation) and forgets
 * their storage keys; the jobs stay readable and their download answers 410. Returns how many files
 * were deleted.
 */
export async function deleteExpiredJobOutputs(options: { db: Db; store: BlobStore; now?: Date }): Promise<number> {
  const { db, store, now = new Date() } = options;
  let deleted = 0;
  for (;;) {
    const expired = await db.job.findMany({
      where: { outputKey: { not: null }, expiresAt: { lte: now } },
      select: { id: true, outputKey: true },
      take: BATCH_SIZE,
    });
    for (const job of expired) {
      // The blob first: a crash in between leaves a key to retry, never an orphaned file.
      await store.delete(job.outputKey!);
      await db.job.update({ where: { id: job.id }, data: { outputKey: null } });
      deleted += 1;
    }
    if (expired.length < BATCH_SIZE) return deleted;
  }
}

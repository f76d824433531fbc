import type { Db } from "@/lib/db";

/** Deletes completed, failed and cancelled executor runs that finished before `finishedBefore`. */
export async function deleteFinishedBackgroundRuns(options: { db: Db; finishedBefore: Date }): Promise<number> {
  const { count } = await options.db.backgroundRun.deleteMany({
    where: { status: { in: ["completed", "failed", "cancelled"] }, finishedAt: { lt: options.finishedBefore } },
  });
  return count;
}

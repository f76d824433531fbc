import type { Db } from "@/lib/db";

/**
 * Moves a processing job's progress forward to `current`, never back: a run resumed after a restart
 * reads its unfinished file again from its first page, and a poller must not see 13 → 6 → 15. The
 * message, when given, is always updated.
 */
export async function advanceJobProgress(options: {
  db: Db;
  jobId: string;
  current: number;
  message?: string;
}): Promise<void> {
  const { db } = options;
  const { jobId, current, message } = options;
  if (message !== undefined)
    await db.job.updateMany({ where: { id: jobId, status: "processing" }, data: { progressMessage: message } });
  await db.job.updateMany({
    where: { id: jobId, status: "processing", progressCurrent: { lt: current } },
    data: { progressCurrent: current },
  });
}

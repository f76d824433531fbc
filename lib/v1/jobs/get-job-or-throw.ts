import type { Db, DbTransaction } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user's job; 404 for a job that does not exist, belongs to someone else, or is not a job id. */
export async function getJobOrThrow(options: { db: Db | DbTransaction; userId: string; jobId: string }): Promise<Job> {
  const { db, userId, jobId } = options;
  const job = UUID.test(jobId) ? await db.job.findFirst({ where: { id: jobId, userId } }) : null;
  if (!job) throw new AppError("not_found", `Job ${jobId} not found`);
  return job;
}

import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { getJobOrThrow } from "./get-job-or-throw";
import { serializeJob, type JobResponse } from "./serialize-job";

/**
 * Stops a processing job: status cancelled with error code cancelled. The job's background run sees
 * the status at its next step and stops without charging further (finishJob never overwrites a
 * cancelled job). Cancelling a cancelled job answers it again; a completed or failed one is a 409.
 */
export async function cancelJob({
  db,
  userId,
  jobId,
}: {
  db: Db;
  userId: string;
  jobId: string;
}): Promise<JobResponse> {
  await getJobOrThrow({ db, userId, jobId });
  await db.job.updateMany({
    where: { id: jobId, userId, status: "processing" },
    data: {
      status: "cancelled",
      errorCode: "cancelled",
      errorMessage: "Cancelled at the client's request",
      completedAt: new Date(),
    },
  });
  const job = await getJobOrThrow({ db, userId, jobId });
  if (job.status !== "cancelled")
    throw new AppError("conflict", `Job ${jobId} is already ${job.status} and cannot be cancelled`);
  return serializeJob(job);
}

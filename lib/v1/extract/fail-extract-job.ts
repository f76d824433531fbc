import type { Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { finishJob } from "@/lib/v1/jobs/finish-job";
import { describeExtractionFailure, toJobErrorCode } from "@/lib/v1/errors/to-v1-error";

/**
 * Marks an extract job failed with a code from the documented table (error.code/message) and starts
 * its webhook. Unexpected errors are logged here with the job id; the client sees a generic message.
 */
export async function failExtractJob(db: Db, job: Pick<Job, "id">, error: unknown): Promise<{ code: string; message: string }> {
  const failure = describeExtractionFailure(error);
  if (!failure.expected) console.error(`[extract] job ${job.id} failed unexpectedly`, error);
  const code = toJobErrorCode(failure.code);
  await finishJob(db, job.id, { status: "failed", code, message: failure.message });
  return { code, message: failure.message };
}

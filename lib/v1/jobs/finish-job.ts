import type { Db } from "@/lib/db";
import type { Job, Prisma } from "@/lib/db/generated/client";
import { enqueueJobWebhook } from "./enqueue-job-webhook";
import type { JobErrorCode } from "@/lib/v1/errors/error-codes";

export type JobOutcome =
  { status: "completed"; result: Prisma.InputJsonValue } | { status: "failed"; code: JobErrorCode; message: string };

/**
 * Records a job's outcome and starts its webhook when it has a webhook_url. Only a processing job
 * changes: a cancelled job stays cancelled (its run finishing late changes nothing, no webhook). A
 * repeated call (a retried step) starts no second webhook. Returns the job and whether this outcome is
 * the job's.
 */
export async function finishJob(options: {
  db: Db;
  jobId: string;
  outcome: JobOutcome;
}): Promise<{ job: Job; applied: boolean }> {
  const { db, jobId, outcome } = options;
  const data: Prisma.JobUpdateManyMutationInput =
    outcome.status === "completed"
      ? { status: "completed", result: outcome.result, completedAt: new Date() }
      : { status: "failed", errorCode: outcome.code, errorMessage: outcome.message, completedAt: new Date() };
  await db.job.updateMany({ where: { id: jobId, status: "processing" }, data });
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  const applied = job.status === outcome.status;
  if (applied) await enqueueJobWebhook({ db, job });
  return { job, applied };
}

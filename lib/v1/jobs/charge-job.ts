import type { Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { chargeUsage } from "@/lib/usage/charge-usage";

/** A charged unit of a /v1 job: source or upload file `n` (1-based) read, or the form filled. */
export type JobChargeUnit = { file: number } | "fill";

/** The one builder of a job's charge keys: the same unit of a job is never charged twice. */
export function jobChargeKey(jobId: string, unit: JobChargeUnit): string {
  return unit === "fill" ? `job:${jobId}:fill` : `job:${jobId}:file:${unit.file}`;
}

/** Charges one unit of a job to its account and API key, once (a retried step charges nothing more). */
export async function chargeJob(
  db: Db,
  job: Pick<Job, "id" | "userId" | "apiKeyId" | "type">,
  charge: { unit: JobChargeUnit; model: string; pages: number; tokens: number },
): Promise<void> {
  await chargeUsage(db, {
    userId: job.userId,
    apiKeyId: job.apiKeyId,
    source: "api",
    operation: job.type,
    model: charge.model,
    pages: charge.pages,
    tokens: charge.tokens,
    chargeKey: jobChargeKey(job.id, charge.unit),
    jobId: job.id,
  });
}

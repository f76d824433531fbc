import type { Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { jobChargeKey, type JobChargeUnit } from "@/lib/usage/charge-keys";
import { chargeUsage } from "@/lib/usage/charge-usage";

/** Charges one unit of a job to its account and API key, once (a retried step charges nothing more). */
export async function chargeJob(options: {
  db: Db;
  job: Pick<Job, "id" | "userId" | "apiKeyId" | "type">;
  charge: { unit: JobChargeUnit; model: string; pages: number; tokens: number };
}): Promise<void> {
  const { db, job, charge } = options;
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

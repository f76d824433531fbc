import type { Db } from "@/lib/db";
import { describeExtractionFailure, toJobErrorCode } from "@/lib/v1/errors/to-v1-error";
import { AppError } from "@/lib/http/errors";
import { finishJob } from "@/lib/v1/jobs/finish-job";

/**
 * Marks a fill job failed with a code from the developer API's table (no_form_fields,
 * xfa_not_supported, corrupt_file, …) and starts its webhook. Unexpected errors are logged with the
 * job id; the client reads a generic message.
 */
export async function failFillJob(db: Db, jobId: string, error: unknown): Promise<{ code: string; message: string }> {
  const failure = describeExtractionFailure(appErrorIn(error) ?? error);
  if (!failure.expected) console.error(`[fill] job ${jobId} failed unexpectedly`, error);
  const code = toJobErrorCode(failure.code);
  await finishJob(db, jobId, { status: "failed", code, message: failure.message });
  return { code, message: failure.message };
}

// A step that failed for good arrives wrapped (StepFailure, Inngest's StepError); its cause says why.
function appErrorIn(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof AppError) return current;
  }
  return undefined;
}

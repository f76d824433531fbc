import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { describeExtractionFailure, toJobErrorCode } from "../errors/to-v1-error";
import { finishJob } from "./finish-job";

/**
 * Marks a /v1 job failed with a code from the developer API's table (corrupt_file, no_form_fields,
 * xfa_not_supported, …) and starts its webhook. Unexpected errors are logged with the job id; the
 * client reads a generic message.
 */
export async function failJob(options: {
  db: Db;
  jobId: string;
  error: unknown;
}): Promise<{ code: string; message: string }> {
  const { db, jobId, error } = options;
  const failure = describeExtractionFailure(appErrorIn(error) ?? error);
  if (!failure.expected) console.error(`[v1] job ${jobId} failed unexpectedly`, error);
  const code = toJobErrorCode(failure.code);
  await finishJob({ db, jobId, outcome: { status: "failed", code, message: failure.message } });
  return { code, message: failure.message };
}

/** The AppError in an error's cause chain: a step that failed for good arrives wrapped (StepFailure, Inngest's StepError). */
export function appErrorIn(error: unknown): AppError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof AppError) return current;
  }
  return undefined;
}

import { z } from "zod";
import type { Job } from "@/lib/db/generated/client";
import { JOB_STATUSES, JOB_TYPES } from "./job-types";

export const JobError = z
  .object({
    code: z.string().describe("A code from the error table in the README (processing_error, unsupported_format, …)."),
    message: z.string(),
  })
  .meta({ id: "JobError" });

export const JobProgress = z
  .object({ current: z.number().int(), total: z.number().int(), message: z.string().nullable() })
  .meta({ id: "JobProgress" });

/** A job as GET /v1/jobs/{id} answers it. */
export const JobResponse = z
  .object({
    id: z.string().uuid(),
    type: z.enum(JOB_TYPES),
    status: z.enum(JOB_STATUSES),
    model: z.string().nullable().describe("The dated model id the job runs with."),
    created_at: z.string().datetime(),
    completed_at: z.string().datetime().nullable().describe("When the job completed, failed or was cancelled."),
    progress: JobProgress.optional().describe("While processing."),
    result: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("When completed: the extraction result, or the fill result."),
    error: JobError.optional().describe("When failed or cancelled."),
  })
  .meta({ id: "Job" });

export type JobResponse = z.infer<typeof JobResponse>;

/** The spec's Job shape: result only when completed, error when failed or cancelled, progress while processing. */
export function serializeJob(job: Job): JobResponse {
  const body: JobResponse = {
    id: job.id,
    type: job.type as JobResponse["type"],
    status: job.status as JobResponse["status"],
    model: job.model,
    created_at: job.createdAt.toISOString(),
    completed_at: job.completedAt?.toISOString() ?? null,
  };
  if (job.status === "processing")
    body.progress = { current: job.progressCurrent, total: job.progressTotal, message: job.progressMessage };
  if (job.status === "completed") body.result = (job.result ?? {}) as Record<string, unknown>;
  if (job.status === "failed" || job.status === "cancelled") {
    body.error = {
      code: job.errorCode ?? (job.status === "cancelled" ? "cancelled" : "processing_error"),
      message: job.errorMessage ?? "Processing failed",
    };
  }
  return body;
}

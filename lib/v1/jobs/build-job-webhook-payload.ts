import { z } from "zod";
import type { Job } from "@/lib/db/generated/client";
import { JobError, serializeJob } from "./serialize-job";

/** The body POSTed to a job's webhook_url (developer-api.md, "Events"). */
export const JobWebhookPayload = z
  .object({
    job_id: z.string().uuid().describe("Same as data.id; deduplicate on it."),
    data: z.object({
      id: z.string().uuid(),
      type: z.enum(["extract", "fill_pdf", "fill_excel"]),
      status: z.enum(["completed", "failed", "cancelled"]),
      result: z
        .record(z.string(), z.unknown())
        .optional()
        .describe("When completed: the job's result, as GET /v1/jobs/{id} shows it."),
      error: JobError.optional().describe("When failed."),
    }),
  })
  .meta({ id: "JobWebhookPayload" });

export type JobWebhookPayload = z.infer<typeof JobWebhookPayload>;

/**
 * `{job_id, data: {id, type, status, result | error}}` for a finished job. Plain JSON (the result comes
 * from the job's JSON column), so it can be stored as the delivery's payload as it is.
 */
export function buildJobWebhookPayload(job: Job): JobWebhookPayload {
  if (job.status === "processing")
    throw new Error(`Job ${job.id} is still processing; its webhook is sent when it finishes`);
  const serialized = serializeJob(job);
  const data: JobWebhookPayload["data"] = {
    id: serialized.id,
    type: serialized.type,
    status: serialized.status as JobWebhookPayload["data"]["status"],
  };
  if (serialized.result) data.result = serialized.result;
  if (serialized.error) data.error = serialized.error;
  return { job_id: job.id, data };
}

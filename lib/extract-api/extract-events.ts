import { z } from "zod";
import { defineEvent } from "@/lib/jobs/define-event";

/** Run an accepted asynchronous extract job (its uploads are in storage, its options in jobs.input). */
export const extractJobRequested = defineEvent("docsvc/extract-job.requested", z.object({ jobId: z.string().uuid() }));

/** The event id of a job's run: dispatching it twice starts one run. */
export function extractJobEventId(jobId: string): string {
  return `extract-job:${jobId}`;
}

import { getDb } from "@/lib/db";
import { failFillJob } from "@/lib/v1/fill/fail-fill-job";
import { defineFunction } from "@/lib/background/define-function";
import { fillPdfJobRequested } from "@/lib/background/events";
import { runFillPdfJob } from "@/lib/v1/fill/run-fill-pdf-job";

/** POST /v1/fill/pdf's background work: read the form and sources, fill, store, complete. */
export const runFillPdfJobFunction = defineFunction({
  id: "run-fill-pdf-job",
  event: fillPdfJobRequested,
  retries: 2,
  handler: async ({ event, step }) => runFillPdfJob({ jobId: event.data.jobId, step }),
  // Retries exhausted: the job must not stay "processing" for its poller.
  onFailure: async ({ event, error }) => {
    await failFillJob(await getDb(), event.data.jobId, error);
  },
});

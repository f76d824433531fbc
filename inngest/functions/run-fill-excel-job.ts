import { getDb } from "@/lib/db";
import { failFillJob } from "@/lib/v1/fill/fail-fill-job";
import { defineFunction } from "@/lib/background/define-function";
import { fillExcelJobRequested } from "@/lib/background/events";
import { runFillExcelJob } from "@/lib/v1/fill/run-fill-excel-job";

/** POST /v1/fill/excel's background work: read the sources, fill the template, store, complete. */
export const runFillExcelJobFunction = defineFunction({
  id: "run-fill-excel-job",
  event: fillExcelJobRequested,
  retries: 2,
  handler: async ({ event, step }) => runFillExcelJob({ jobId: event.data.jobId, step }),
  // Retries exhausted: the job must not stay "processing" for its poller.
  onFailure: async ({ event, error }) => {
    await failFillJob(await getDb(), event.data.jobId, error);
  },
});

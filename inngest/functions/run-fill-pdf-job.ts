import { fillPdfJobRequested } from "@/lib/background/events";
import { runFillPdfJobStages } from "@/lib/v1/fill/run-fill-pdf-job";
import { defineJobFunction } from "@/lib/v1/jobs/define-job-function";

/** POST /v1/fill/pdf's background work: the fill_pdf stages under the /v1 job life cycle. */
export const runFillPdfJobFunction = defineJobFunction({
  id: "run-fill-pdf-job",
  event: fillPdfJobRequested,
  retries: 2,
  stages: runFillPdfJobStages,
});

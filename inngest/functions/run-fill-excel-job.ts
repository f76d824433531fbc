import { fillExcelJobRequested } from "@/lib/background/events";
import { runFillExcelJobStages } from "@/lib/v1/fill/run-fill-excel-job";
import { defineJobFunction } from "@/lib/v1/jobs/define-job-function";

/** POST /v1/fill/excel's background work: the fill_excel stages under the /v1 job life cycle. */
export const runFillExcelJobFunction = defineJobFunction({
  id: "run-fill-excel-job",
  event: fillExcelJobRequested,
  retries: 2,
  stages: runFillExcelJobStages,
});

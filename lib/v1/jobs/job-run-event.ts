import {
  extractJobRequested,
  fillExcelJobRequested,
  fillPdfJobRequested,
  type AppEventName,
} from "@/lib/background/events";
import type { JobType } from "./job-types";

/** The event that runs each type of /v1 job (inngest/functions/run-*-job.ts listen to them). */
export const JOB_RUN_EVENTS = {
  extract: extractJobRequested.name,
  fill_pdf: fillPdfJobRequested.name,
  fill_excel: fillExcelJobRequested.name,
} as const satisfies Record<JobType, AppEventName>;

/** The event id of a job's run, `<type>:<job id>`: sending it twice starts one run. */
export function jobRunEventId(job: { id: string; type: JobType }): string {
  return `${job.type}:${job.id}`;
}

// Every usage charge key is built here. A key names one charged unit, and usage_events holds each
// key once, so the same page, job file, fill, chat answer or automap run is never charged twice.

/** A page of a batch document read (a retried chunk charges nothing more). */
export function pageChargeKey(documentId: string, pageNumber: number): string {
  return `doc:${documentId}:page:${pageNumber}`;
}

/** A charged unit of a /v1 job: source or upload file `n` (1-based) read, or the form filled. */
export type JobChargeUnit = { file: number } | "fill";

export function jobChargeKey(jobId: string, unit: JobChargeUnit): string {
  return unit === "fill" ? `job:${jobId}:fill` : `job:${jobId}:file:${unit.file}`;
}

/** One assistant answer of a document chat. */
export function chatChargeKey(sessionId: string, messageId: string): string {
  return `chat:${sessionId}:${messageId}`;
}

/** One AI automap run of a template (each run is charged: `runId` is new per run). */
export function automapChargeKey(documentId: string, runId: string): string {
  return `automap:${documentId}:${runId}`;
}

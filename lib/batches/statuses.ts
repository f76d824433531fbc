// The state machine shared by batch documents and batches (README "Batch statuses").
//
//   uploaded ──process──▶ queued ──run starts──▶ processing ──▶ completed
//                           ▲                        │      ├─▶ partially_completed (some pages failed)
//                           │                        │      └─▶ failed (no page read, or unreadable file)
//                           └──────── retry ◀────────┴── failed | partially_completed | stuck queued/processing
//
// A batch's status is derived from its documents (deriveBatchStatus), never set on its own.

export const DOCUMENT_STATUSES = [
  "uploaded",
  "queued",
  "processing",
  "completed",
  "partially_completed",
  "failed",
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Statuses a document leaves only through a retry. */
export const FINISHED_STATUSES: readonly DocumentStatus[] = ["completed", "partially_completed", "failed"];
/** Statuses a retry resets (queued and processing only when stuck). */
export const RETRYABLE_STATUSES: readonly DocumentStatus[] = ["failed", "partially_completed"];
export const IN_FLIGHT_STATUSES: readonly DocumentStatus[] = ["queued", "processing"];

/**
 * Whole-document failures that a retry would only repeat: the file itself is the problem (or this
 * server cannot read its format), so the person is told what to do instead of offered a retry.
 */
export const PERMANENT_FAILURE_CODES = [
  "unsupported_format",
  "converter_unavailable",
  "empty_document",
  "corrupt_document",
  "password_required",
  "invalid_password",
  "too_many_pages",
  "image_too_large",
] as const;

/** Whether a retry could change the outcome of a failed or partially completed document. */
export function isRetryable(document: { status: string; errorCode: string | null }): boolean {
  if (!(RETRYABLE_STATUSES as readonly string[]).includes(document.status)) return false;
  return document.errorCode === null || !(PERMANENT_FAILURE_CODES as readonly string[]).includes(document.errorCode);
}

/** A document's final status from its page counts. */
export function finishedDocumentStatus(pages: { total: number; failed: number }): DocumentStatus {
  if (pages.total === 0 || pages.failed >= pages.total) return "failed";
  return pages.failed > 0 ? "partially_completed" : "completed";
}

/**
 * A batch's status from its documents': in flight while any is; otherwise uploaded while any waits
 * for /process; otherwise completed, failed, or partially_completed for a mix.
 */
export function deriveBatchStatus(documentStatuses: readonly string[]): DocumentStatus {
  if (documentStatuses.length === 0) return "uploaded";
  if (documentStatuses.includes("processing")) return "processing";
  if (documentStatuses.includes("queued")) return "queued";
  if (documentStatuses.includes("uploaded")) return "uploaded";
  if (documentStatuses.every((status) => status === "completed")) return "completed";
  if (documentStatuses.every((status) => status === "failed")) return "failed";
  return "partially_completed";
}

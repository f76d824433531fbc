import { z } from "zod";
import { defineEvent } from "./define-event";

// Every event the app sends, with its payload schema and, where a send must be idempotent, the
// builder of its event id. Plain data (no client, no handlers), so any module may import it.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Delete finished background runs; `day` (UTC, YYYY-MM-DD) keys one cleanup per day. */
export const backgroundRunsCleanupRequested = defineEvent(
  "docsvc/background-runs.cleanup-requested",
  z.object({ retentionDays: z.number().int().min(1).max(3650), day }),
);

/** The event id of the cleanup for one UTC day: at most one run per day. */
export function cleanupEventId(day: string): string {
  return `background-runs-cleanup:${day}`;
}

/** Deliver one WebhookDelivery row (its id is also the webhook-id header). */
export const webhookDeliveryRequested = defineEvent(
  "docsvc/webhook.delivery-requested",
  z.object({ deliveryId: z.string().uuid() }),
);

/** The event id of a delivery: dispatching it twice starts one run. */
export function webhookDeliveryEventId(deliveryId: string): string {
  return `webhook-delivery:${deliveryId}`;
}

/** Delete the expired /v1 download files; `day` (UTC, YYYY-MM-DD) keys one run per day. */
export const jobOutputsExpiryRequested = defineEvent("docsvc/job-outputs.expiry-requested", z.object({ day }));

/** The event id of one day's expiry run: at most one per day. */
export function jobOutputsExpiryEventId(day: string): string {
  return `job-outputs-expiry:${day}`;
}

/** Delete the guest sessions that expired unclaimed; `day` (UTC, YYYY-MM-DD) keys one run per day. */
export const guestSessionsCleanupRequested = defineEvent("docsvc/guest-sessions.cleanup-requested", z.object({ day }));

/** The event id of one day's guest cleanup: at most one per day. */
export function guestSessionsCleanupEventId(day: string): string {
  return `guest-sessions-cleanup:${day}`;
}

/** Read one batch document into pages (inngest/functions/process-document.ts). */
export const batchDocumentProcessRequested = defineEvent(
  "docsvc/batch-document.process-requested",
  z.object({ batchId: z.string().uuid(), documentId: z.string().uuid() }),
);

/**
 * Run an accepted asynchronous extract job (its uploads are in storage, its options in jobs.input).
 * The /v1 job events' ids come from lib/v1/jobs/job-run-event.ts.
 */
export const extractJobRequested = defineEvent("docsvc/extract-job.requested", z.object({ jobId: z.string().uuid() }));

/** Run a fill_pdf job; everything it needs is on the job row (input). */
export const fillPdfJobRequested = defineEvent("docsvc/fill-pdf.requested", z.object({ jobId: z.string().uuid() }));

/** Run a fill_excel job; everything it needs is on the job row (input). */
export const fillExcelJobRequested = defineEvent("docsvc/fill-excel.requested", z.object({ jobId: z.string().uuid() }));

export const eventDefinitions = [
  backgroundRunsCleanupRequested,
  webhookDeliveryRequested,
  jobOutputsExpiryRequested,
  guestSessionsCleanupRequested,
  batchDocumentProcessRequested,
  extractJobRequested,
  fillPdfJobRequested,
  fillExcelJobRequested,
] as const;

type AnyAppEvent = (typeof eventDefinitions)[number];
export type AppEventName = AnyAppEvent["name"];
export type AppEventData<TName extends AppEventName> = z.input<Extract<AnyAppEvent, { name: TName }>["schema"]>;

export function findEventDefinition(name: string): AnyAppEvent | undefined {
  return eventDefinitions.find((definition) => definition.name === name);
}

import { z } from "zod";
import { batchDocumentProcessRequested } from "@/lib/batches/batch-events";
import { extractJobRequested } from "@/lib/extract-api/extract-events";
import { fillExcelJobRequested, fillPdfJobRequested } from "@/lib/fill/jobs/fill-job-events";
import { guestSessionsCleanupRequested } from "@/lib/guest/guest-cleanup-events";
import { defineEvent } from "@/lib/jobs/define-event";
import { jobOutputsExpiryRequested } from "@/lib/v1/job-output-events";
import { webhookDeliveryRequested } from "@/lib/webhooks/webhook-events";

// Every event the app sends, with its payload schema. Plain data (no client, no handlers), so
// any module may import it without creating an import cycle.

/** Delete finished background runs; `day` (UTC, YYYY-MM-DD) keys one cleanup per day. */
export const backgroundRunsCleanupRequested = defineEvent(
  "docsvc/background-runs.cleanup-requested",
  z.object({
    retentionDays: z.number().int().min(1).max(3650),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
);

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

import { z } from "zod";
import { defineEvent } from "@/lib/jobs/define-event";

/** Delete the expired download files; `day` (UTC, YYYY-MM-DD) keys one run per day. */
export const jobOutputsExpiryRequested = defineEvent(
  "docsvc/job-outputs.expiry-requested",
  z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
);

/** The event id of one day's expiry run: at most one per day. */
export function jobOutputsExpiryEventId(day: string): string {
  return `job-outputs-expiry:${day}`;
}

import { z } from "zod";
import { defineEvent } from "@/lib/jobs/define-event";

/** Delete the guest sessions that expired unclaimed; `day` (UTC, YYYY-MM-DD) keys one run per day. */
export const guestSessionsCleanupRequested = defineEvent(
  "docsvc/guest-sessions.cleanup-requested",
  z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
);

/** The event id of one day's guest cleanup: at most one per day. */
export function guestSessionsCleanupEventId(day: string): string {
  return `guest-sessions-cleanup:${day}`;
}

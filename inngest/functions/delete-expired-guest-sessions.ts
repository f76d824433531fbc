import { getDb } from "@/lib/db";
import { deleteExpiredGuestSessions } from "@/lib/guest/delete-expired-guest-sessions";
import { guestSessionsCleanupEventId, guestSessionsCleanupRequested } from "@/lib/background/events";
import { defineFunction } from "@/lib/background/define-function";
import { getBlobStore } from "@/lib/storage";
import { nextDay } from "./cleanup-background-runs";

/**
 * Daily: deletes guest sessions that expired unclaimed, with their batches and files, sleeps until
 * the next UTC day and asks for the next run. Keyed by day, so the chain and the start-up request
 * never run twice for a day.
 */
export const deleteExpiredGuestSessionsFunction = defineFunction({
  id: "delete-expired-guest-sessions",
  event: guestSessionsCleanupRequested,
  retries: 3,
  concurrency: 1,
  async handler({ event, step }) {
    const { day } = event.data;
    const deleted = await step.run("delete-expired-sessions", async () => deleteExpiredGuestSessions({ db: await getDb(), store: getBlobStore() }));
    const tomorrow = nextDay(day);
    await step.sleep("wait-for-next-day", Math.max(1000, Date.parse(`${tomorrow}T00:00:00Z`) - Date.now()));
    await step.sendEvent("request-next-cleanup", {
      name: guestSessionsCleanupRequested.name,
      data: { day: tomorrow },
      id: guestSessionsCleanupEventId(tomorrow),
    });
    return deleted;
  },
});

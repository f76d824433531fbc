import { getDb } from "@/lib/db";
import { deleteExpiredGuestSessions } from "@/lib/guest/delete-expired-guest-sessions";
import { guestSessionsCleanupEventId, guestSessionsCleanupRequested } from "@/lib/background/events";
import { defineFunction } from "@/lib/background/define-function";
import { getBlobStore } from "@/lib/storage";
import { rescheduleDaily } from "@/lib/background/reschedule-daily";

/**
 * Daily: deletes guest sessions that expired unclaimed, with their batches and files, then asks for
 * the next day's run (rescheduleDaily).
 */
export const deleteExpiredGuestSessionsFunction = defineFunction({
  id: "delete-expired-guest-sessions",
  event: guestSessionsCleanupRequested,
  retries: 3,
  concurrency: 1,
  async handler({ event, step }) {
    const { day } = event.data;
    const deleted = await step.run("delete-expired-sessions", async () =>
      deleteExpiredGuestSessions({ db: await getDb(), store: getBlobStore() }),
    );
    await rescheduleDaily(step, {
      day,
      sendStepId: "request-next-cleanup",
      next: (tomorrow) => ({
        name: guestSessionsCleanupRequested.name,
        data: { day: tomorrow },
        id: guestSessionsCleanupEventId(tomorrow),
      }),
    });
    return deleted;
  },
});

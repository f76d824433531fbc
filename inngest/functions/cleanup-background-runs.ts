import { getDb } from "@/lib/db";
import { defineFunction } from "@/lib/background/define-function";
import { deleteFinishedBackgroundRuns } from "@/lib/background/delete-finished-background-runs";
import { backgroundRunsCleanupRequested, cleanupEventId } from "@/lib/background/events";
import { rescheduleDaily } from "@/lib/background/reschedule-daily";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Daily housekeeping of the in-process executor's table: deletes finished runs older than the
 * retention, then asks for the next day's cleanup (rescheduleDaily).
 */
export const cleanupBackgroundRuns = defineFunction({
  id: "cleanup-background-runs",
  event: backgroundRunsCleanupRequested,
  retries: 3,
  concurrency: 1,
  async handler({ event, step }) {
    const { retentionDays, day } = event.data;
    const deleted = await step.run("delete-finished-runs", async () =>
      deleteFinishedBackgroundRuns({
        db: await getDb(),
        finishedBefore: new Date(Date.now() - retentionDays * DAY_MS),
      }),
    );
    await rescheduleDaily(step, {
      day,
      sendStepId: "request-next-cleanup",
      next: (tomorrow) => ({
        name: backgroundRunsCleanupRequested.name,
        data: { retentionDays, day: tomorrow },
        id: cleanupEventId(tomorrow),
      }),
    });
    return { deleted };
  },
});

import { getDb } from "@/lib/db";
import { defineFunction } from "@/lib/background/define-function";
import { deleteFinishedBackgroundRuns } from "@/lib/background/delete-finished-background-runs";
import { backgroundRunsCleanupRequested, cleanupEventId } from "@/lib/background/events";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * Daily housekeeping of the in-process executor's table: deletes finished runs older than the
 * retention, sleeps until the next UTC day and asks for the next cleanup. The event id is keyed by
 * day, so the chain and the start-up request never produce two cleanups for the same day.
 */
export const cleanupBackgroundRuns = defineFunction({
  id: "cleanup-background-runs",
  event: backgroundRunsCleanupRequested,
  retries: 3,
  concurrency: 1,
  async handler({ event, step }) {
    const { retentionDays, day } = event.data;
    const deleted = await step.run("delete-finished-runs", async () =>
      deleteFinishedBackgroundRuns({ db: await getDb(), finishedBefore: new Date(Date.now() - retentionDays * DAY_MS) }),
    );
    const tomorrow = nextDay(day);
    await step.sleep("wait-for-next-day", Math.max(1000, Date.parse(`${tomorrow}T00:00:00Z`) - Date.now()));
    await step.sendEvent("request-next-cleanup", {
      name: backgroundRunsCleanupRequested.name,
      data: { retentionDays, day: tomorrow },
      id: cleanupEventId(tomorrow),
    });
    return { deleted };
  },
});

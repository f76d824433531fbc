import { backgroundRunsCleanupRequested } from "@/inngest/events";
import { cleanupEventId } from "@/inngest/functions/cleanup-background-runs";
import { guestSessionsCleanupEventId, guestSessionsCleanupRequested } from "@/lib/guest/guest-cleanup-events";
import { jobOutputsExpiryEventId, jobOutputsExpiryRequested } from "@/lib/v1/job-output-events";
import { getExecutor } from "./app-executor";
import { dispatch } from "./dispatch";
import { getJobMode } from "./job-mode";

// Finished executor rows are history for debugging; a week is plenty.
const RUN_RETENTION_DAYS = 7;

/**
 * Called once at server start. Makes sure today's housekeeping exists (expired /v1 downloads, expired
 * guest sessions, and in-process mode's own finished runs); each run re-schedules itself for the next
 * day. Event ids are per day, so every instance starting sends the same ids and only one chain runs
 * (the executor keeps one run per id; Inngest deduplicates ids for 24 hours). In-process mode also
 * starts the executor, which resumes unfinished runs.
 */
export async function startBackgroundWork(): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  if (getJobMode() === "in-process") {
    await getExecutor();
    await dispatch(
      backgroundRunsCleanupRequested.name,
      { retentionDays: RUN_RETENTION_DAYS, day: today },
      { id: cleanupEventId(today) },
    );
  }
  await dispatch(jobOutputsExpiryRequested.name, { day: today }, { id: jobOutputsExpiryEventId(today) });
  await dispatch(guestSessionsCleanupRequested.name, { day: today }, { id: guestSessionsCleanupEventId(today) });
}

import { backgroundRunsCleanupRequested } from "@/inngest/events";
import { cleanupEventId } from "@/inngest/functions/cleanup-background-runs";
import { jobOutputsExpiryEventId, jobOutputsExpiryRequested } from "@/lib/v1/job-output-events";
import { getExecutor } from "./app-executor";
import { dispatch } from "./dispatch";
import { getJobMode } from "./job-mode";

// Finished executor rows are history for debugging; a week is plenty.
const RUN_RETENTION_DAYS = 7;

/**
 * Called once at server start. In-process mode: start the executor, resume unfinished runs and make
 * sure today's housekeeping exists (old runs, expired /v1 downloads); each re-schedules itself daily. Inngest mode: nothing, the Inngest server drives the work
 * (and the executor's table is unused, so it needs no cleanup).
 */
export async function startBackgroundWork(): Promise<void> {
  if (getJobMode() === "inngest") return;
  await getExecutor();
  const today = new Date().toISOString().slice(0, 10);
  await dispatch(
    backgroundRunsCleanupRequested.name,
    { retentionDays: RUN_RETENTION_DAYS, day: today },
    { id: cleanupEventId(today) },
  );
  await dispatch(jobOutputsExpiryRequested.name, { day: today }, { id: jobOutputsExpiryEventId(today) });
}

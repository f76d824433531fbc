import type { AnyFunctionDefinition } from "./define-function";
import { startExecutor } from "./app-executor";
import { dispatch } from "./dispatch";
import {
  backgroundRunsCleanupRequested,
  cleanupEventId,
  guestSessionsCleanupEventId,
  guestSessionsCleanupRequested,
  jobOutputsExpiryEventId,
  jobOutputsExpiryRequested,
} from "./events";
import { registerInngestSender, type InngestSender } from "./inngest-sender";
import { getJobMode } from "./job-mode";

// Finished executor rows are history for debugging; a week is plenty.
const RUN_RETENTION_DAYS = 7;

/**
 * Called once at server start with every function definition and the Inngest sender (both from
 * inngest/, which lib/ does not import: the functions call services that dispatch). Makes sure today's housekeeping exists
 * (expired /v1 downloads, expired guest sessions, and in-process mode's own finished runs); each run
 * re-schedules itself for the next day. Event ids are per day, so every instance starting sends the
 * same ids and only one chain runs (the executor keeps one run per id; Inngest deduplicates ids for 24
 * hours). In-process mode also starts the executor, which resumes unfinished runs.
 */
export async function startBackgroundWork(options: {
  definitions: AnyFunctionDefinition[];
  sendToInngest: InngestSender;
}): Promise<void> {
  registerInngestSender(options.sendToInngest);
  const today = new Date().toISOString().slice(0, 10);
  if (getJobMode() === "in-process") {
    await startExecutor({ definitions: options.definitions });
    await dispatch(
      backgroundRunsCleanupRequested.name,
      { retentionDays: RUN_RETENTION_DAYS, day: today },
      { id: cleanupEventId(today) },
    );
  }
  await dispatch(jobOutputsExpiryRequested.name, { day: today }, { id: jobOutputsExpiryEventId(today) });
  await dispatch(guestSessionsCleanupRequested.name, { day: today }, { id: guestSessionsCleanupEventId(today) });
}

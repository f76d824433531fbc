import { getDb } from "@/lib/db";
import { defineFunction } from "@/lib/background/define-function";
import { deleteExpiredJobOutputs } from "@/lib/v1/jobs/delete-expired-job-outputs";
import { jobOutputsExpiryEventId, jobOutputsExpiryRequested } from "@/lib/background/events";
import { nextDay } from "./cleanup-background-runs";

/**
 * Daily: deletes the files of /v1 jobs whose download expired, sleeps until the next UTC day and asks
 * for the next run. Keyed by day, so the chain and the start-up request never run twice for a day.
 */
export const expireJobOutputs = defineFunction({
  id: "expire-job-outputs",
  event: jobOutputsExpiryRequested,
  retries: 3,
  concurrency: 1,
  async handler({ event, step }) {
    const { day } = event.data;
    const deleted = await step.run("delete-expired-files", async () => deleteExpiredJobOutputs(await getDb()));
    const tomorrow = nextDay(day);
    await step.sleep("wait-for-next-day", Math.max(1, Date.parse(`${tomorrow}T00:00:00Z`) - Date.now()));
    await step.sendEvent("request-next-expiry", { name: jobOutputsExpiryRequested.name, data: { day: tomorrow }, id: jobOutputsExpiryEventId(tomorrow) });
    return { deleted };
  },
});

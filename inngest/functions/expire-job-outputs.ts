import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { defineFunction } from "@/lib/background/define-function";
import { deleteExpiredJobOutputs } from "@/lib/v1/jobs/delete-expired-job-outputs";
import { jobOutputsExpiryEventId, jobOutputsExpiryRequested } from "@/lib/background/events";
import { rescheduleDaily } from "@/lib/background/reschedule-daily";

/**
 * Daily: deletes the files of /v1 jobs whose download expired, then asks for the next day's run
 * (rescheduleDaily).
 */
export const expireJobOutputs = defineFunction({
  id: "expire-job-outputs",
  event: jobOutputsExpiryRequested,
  retries: 3,
  concurrency: 1,
  async handler({ event, step }) {
    const { day } = event.data;
    const deleted = await step.run("delete-expired-files", async () =>
      deleteExpiredJobOutputs({ db: await getDb(), store: getBlobStore() }),
    );
    await rescheduleDaily(step, {
      day,
      sendStepId: "request-next-expiry",
      next: (tomorrow) => ({
        name: jobOutputsExpiryRequested.name,
        data: { day: tomorrow },
        id: jobOutputsExpiryEventId(tomorrow),
      }),
    });
    return { deleted };
  },
});

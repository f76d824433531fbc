import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { dispatch } from "@/lib/background/dispatch";
import { jobOutputKey, type BlobStore } from "@/lib/storage";
import { failJob } from "./fail-job";
import { JOB_RUN_EVENTS, jobRunEventId } from "./job-run-event";
import type { JobType } from "./job-types";

/** A file of the request, stored under the job's prefix as `name` (e.g. `input-1`). */
export interface JobUpload {
  name: string;
  bytes: Buffer;
}

export type StartedJobAnswer = { status: 202; body: { id: string; status: "processing"; poll_url: string } };

/**
 * The one way a recorded /v1 job starts running: stores its uploads under the job's prefix, writes
 * the job's input (built from the stored keys, in the order of `uploads`) and sends the job type's
 * event with the job's event id. If any of that fails, the job fails (releasing its reserved tokens)
 * and the error is rethrown, so no job stays "processing" without a run.
 */
export async function startJob(options: {
  db: Db;
  store: BlobStore;
  job: { id: string; type: JobType };
  uploads: JobUpload[];
  input: (keys: string[]) => Prisma.InputJsonValue;
}): Promise<StartedJobAnswer> {
  const { db, store, job } = options;
  try {
    const keys = await Promise.all(
      options.uploads.map(async (upload) => {
        const key = jobOutputKey(job.id, upload.name);
        await store.put(key, upload.bytes, "application/octet-stream");
        return key;
      }),
    );
    await db.job.update({ where: { id: job.id }, data: { input: options.input(keys), progressMessage: "Queued" } });
    await dispatch(JOB_RUN_EVENTS[job.type], { jobId: job.id }, { id: jobRunEventId(job) });
  } catch (error) {
    await failJob({ db, jobId: job.id, error });
    throw error;
  }
  return { status: 202, body: { id: job.id, status: "processing", poll_url: `/v1/jobs/${job.id}` } };
}

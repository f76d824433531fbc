import type { z } from "zod";
import type { EventDefinition } from "@/lib/background/define-event";
import { defineFunction } from "@/lib/background/define-function";
import { getDb as getAppDb, type Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { getBlobStore, type BlobStore } from "@/lib/storage";
import { appErrorIn, failJob } from "./fail-job";
import { watchJobCancellation } from "./watch-job-cancellation";

export interface JobRunContext {
  db: Db;
  store: BlobStore;
  jobId: string;
  /**
   * Runs one stage of the job as a durable step (its result is stored, so a retry of the run does not
   * repeat it). The stage gets the job as it is now; a job no longer processing (cancelled) stops the
   * run before the stage starts. `signal` aborts while the stage runs once the job is cancelled: long
   * loops check it (between pages, fields), and the run then stops without a retry.
   */
  stage<T>(id: string, work: (job: Job, signal: AbortSignal) => Promise<T>): Promise<T>;
}

/** Thrown through a job's stages when the job stopped (failed for its input, or cancelled). */
class JobStopped {}

/**
 * The one retry policy of /v1 jobs: the request's own fault (an AppError below 500 — a damaged file, a
 * form without fields) fails the job at once, as reading the same bytes again would fail again;
 * anything else (a database or storage hiccup, an OCR crash) is retried by the step.
 */
export function isInputError(error: unknown): boolean {
  const appError = appErrorIn(error);
  return appError !== undefined && appError.status < 500;
}

/**
 * A /v1 job's background life cycle, the same for every job type: each job supplies only its stages.
 * Stages run as steps under one retry policy (isInputError); the run fails the job through failJob
 * when retries run out, so it never stays "processing"; `finally` runs as a last step whether the job
 * completed or stopped. Completing, charging and the webhook are the stages' calls to finishJob and
 * chargeJob.
 */
export function defineJobFunction<
  TName extends string,
  TSchema extends z.ZodType<{ jobId: string }, Record<string, unknown>>,
>(options: {
  id: string;
  event: EventDefinition<TName, TSchema>;
  retries: number;
  concurrency?: number;
  getDb?: () => Promise<Db>;
  getStore?: () => BlobStore;
  stages(context: JobRunContext): Promise<void>;
  finally?: { id: string; run(context: { db: Db; store: BlobStore; jobId: string }): Promise<void> };
}) {
  const getDb = options.getDb ?? getAppDb;
  const getStore = options.getStore ?? getBlobStore;
  return defineFunction({
    id: options.id,
    event: options.event,
    retries: options.retries,
    concurrency: options.concurrency,
    async handler({ event, step }) {
      const { jobId } = event.data as { jobId: string };
      const db = await getDb();
      const store = getStore();
      const stage = async <T>(id: string, work: (job: Job, signal: AbortSignal) => Promise<T>): Promise<T> => {
        const outcome = await step.run(id, async (): Promise<{ ok: true; value: T } | { ok: false }> => {
          const job = await db.job.findUnique({ where: { id: jobId } });
          if (!job || job.status !== "processing") return { ok: false };
          const cancellation = watchJobCancellation({ db, jobId });
          try {
            return { ok: true, value: await work(job, cancellation.signal) };
          } catch (error) {
            // Cancelled while the stage ran: whatever it threw on the way out, nothing is retried.
            if (cancellation.signal.aborted) return { ok: false };
            if (!isInputError(error)) throw error;
            await failJob({ db, jobId, error });
            return { ok: false };
          } finally {
            cancellation.stop();
          }
        });
        if (!outcome.ok) throw new JobStopped();
        return outcome.value;
      };
      let stopped = false;
      try {
        await options.stages({ db, store, jobId, stage });
      } catch (error) {
        if (!(error instanceof JobStopped)) throw error;
        stopped = true;
      }
      const last = options.finally;
      if (last) await step.run(last.id, async () => last.run({ db, store, jobId }));
      return { jobId, stopped };
    },
    // Retries exhausted in any stage: the job must not stay "processing" for its poller.
    async onFailure({ event, error }) {
      await failJob({ db: await getDb(), jobId: (event.data as { jobId: string }).jobId, error });
    },
  });
}

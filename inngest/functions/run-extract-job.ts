import { getDb as getAppDb, type Db } from "@/lib/db";
import { completeExtractJob } from "@/lib/v1/extract/complete-extract-job";
import { extractJobRequested } from "@/lib/background/events";
import { extractJobInput } from "@/lib/v1/extract/extract-job-input";
import { extractJobFile } from "@/lib/v1/extract/extract-job-file";
import type { DocumentExtraction } from "@/lib/v1/extract/extraction-result";
import { failExtractJob } from "@/lib/v1/extract/fail-extract-job";
import { defineFunction } from "@/lib/background/define-function";
import { getBlobStore } from "@/lib/storage";

type FileOutcome = { kind: "extracted"; extraction: DocumentExtraction } | { kind: "stopped" };

/**
 * Runs an asynchronous extract job: one step per file (read, extract, charge), then a step that
 * records the result and starts the webhook, then one that deletes the uploads. A step that finds the
 * job no longer processing (cancelled) stops the run, so nothing more is charged. A file that cannot
 * be processed fails the job with its code at once: reading the same bytes again would fail again.
 * A run that fails for good anywhere else fails the job through onFailure.
 */
export function createRunExtractJobFunction(options: { getDb?: () => Promise<Db> } = {}) {
  const getDb = options.getDb ?? getAppDb;

  return defineFunction({
    id: "run-extract-job",
    event: extractJobRequested,
    retries: 2,
    concurrency: 2,
    async handler({ event, step }) {
      const { jobId } = event.data;
      const fileCount = await step.run("count-files", async () => {
        const job = await (await getDb()).job.findUnique({ where: { id: jobId } });
        return job ? extractJobInput(job).files.length : 0;
      });

      const documents: DocumentExtraction[] = [];
      let stopped = fileCount === 0;
      for (let index = 0; index < fileCount && !stopped; index++) {
        const pagesBefore = documents.reduce((sum, document) => sum + document.pages_processed, 0);
        const outcome: FileOutcome = await step.run(`extract-file-${index + 1}`, async () => extractStep(await getDb(), jobId, index, pagesBefore));
        if (outcome.kind === "stopped") stopped = true;
        else documents.push(outcome.extraction);
      }

      if (!stopped) {
        await step.run("complete", async () => {
          const db = await getDb();
          const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
          if (job.status !== "processing") return;
          const processingTimeMs = documents.reduce((sum, document) => sum + document.processing_time_ms, 0);
          await completeExtractJob(db, { job, documents, processingTimeMs }).catch((error: unknown) => failExtractJob(db, job, error));
        });
      }
      await step.run("delete-uploads", async () => deleteUploads(await getDb(), jobId));
      return { jobId, files: documents.length, stopped };
    },
    // Retries exhausted in any step: the job must not stay "processing" for its poller.
    async onFailure({ event, error }) {
      await failExtractJob(await getDb(), { id: event.data.jobId }, error);
    },
  });
}

async function extractStep(db: Db, jobId: string, index: number, pagesBefore: number): Promise<FileOutcome> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job || job.status !== "processing") return { kind: "stopped" };
  try {
    const key = extractJobInput(job).files[index]?.key;
    const bytes = key ? await getBlobStore().getBuffer(key) : null;
    if (!bytes) throw new Error(`Upload ${index + 1} of job ${jobId} is missing from storage`);
    return { kind: "extracted", extraction: await extractJobFile(db, { job, index, bytes, pagesBefore }) };
  } catch (error) {
    await failExtractJob(db, job, error);
    return { kind: "stopped" };
  }
}

async function deleteUploads(db: Db, jobId: string): Promise<void> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job) return;
  const store = getBlobStore();
  for (const file of extractJobInput(job).files) if (file.key) await store.delete(file.key);
}

export const runExtractJob = createRunExtractJobFunction();

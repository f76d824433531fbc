import type { Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";
import type { JobRunContext } from "@/lib/v1/jobs/define-job-function";
import { completeExtractJob } from "./complete-extract-job";
import { extractJobFile } from "./extract-job-file";
import { extractJobInput } from "./extract-job-input";
import type { DocumentExtraction } from "./extraction-result";

/**
 * The stages of an asynchronous extract job: one per file (read, extract, charge), then one that
 * records the result and starts the webhook. The job's life cycle (retries, failing, cancelling) is
 * defineJobFunction's.
 */
export async function runExtractJobStages({ jobId, db, store, stage }: JobRunContext): Promise<void> {
  const fileCount = await stage("count-files", async (job) => extractJobInput(job).files.length);
  const documents: DocumentExtraction[] = [];
  for (let index = 0; index < fileCount; index++) {
    const pagesBefore = documents.reduce((sum, document) => sum + document.pages_processed, 0);
    documents.push(
      await stage(`extract-file-${index + 1}`, async (job) => {
        const key = extractJobInput(job).files[index]?.key;
        const bytes = key ? await store.getBuffer(key) : null;
        if (!bytes) throw new Error(`Upload ${index + 1} of job ${jobId} is missing from storage`);
        return extractJobFile({ db, job, index, bytes, pagesBefore });
      }),
    );
  }
  await stage("complete", async (job) => {
    const processingTimeMs = documents.reduce((sum, document) => sum + document.processing_time_ms, 0);
    await completeExtractJob({ db, store, job, documents, processingTimeMs });
  });
}

/** The uploads are only needed while the job runs, whether it completed, failed or was cancelled. */
export async function deleteExtractJobUploads({
  db,
  store,
  jobId,
}: {
  db: Db;
  store: BlobStore;
  jobId: string;
}): Promise<void> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job) return;
  for (const file of extractJobInput(job).files) if (file.key) await store.delete(file.key);
}

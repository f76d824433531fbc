import type { Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { jobOutputKey, type BlobStore } from "@/lib/storage";
import { finishJob } from "@/lib/v1/jobs/finish-job";
import { buildExtractionResult, renderedOutputFile } from "./build-extraction-result";
import type { DocumentExtraction, ExtractionResult } from "./extraction-result";
import { extractJobInput } from "./extract-job-input";

/**
 * Completes an extract job with its result; a csv/xml rendering is also stored as the job's download
 * (GET /v1/jobs/{id}/download until expires_at). finishJob starts the webhook, and changes nothing
 * when the job was cancelled meanwhile. Returns the result as recorded.
 */
export async function completeExtractJob(options: {
  db: Db;
  store: BlobStore;
  job: Job;
  documents: DocumentExtraction[];
  processingTimeMs: number;
}): Promise<{ result: ExtractionResult; applied: boolean }> {
  const { db } = options;
  const { job } = options;
  const input = extractJobInput(job);
  const result = buildExtractionResult({
    model: job.model ?? "",
    documents: options.documents,
    outputFormat: input.output_format,
    processingTimeMs: options.processingTimeMs,
    downloadUrl: `/v1/jobs/${job.id}/download`,
  });
  const file = renderedOutputFile(result);
  if (file) {
    const key = jobOutputKey(job.id, file.fileName);
    await options.store.put(key, Buffer.from(file.content, "utf8"), file.contentType);
    await db.job.updateMany({
      where: { id: job.id, status: "processing" },
      data: { outputKey: key, outputType: file.contentType, outputName: file.fileName },
    });
  }
  await db.job.updateMany({
    where: { id: job.id, status: "processing" },
    data: { progressCurrent: job.progressTotal, progressMessage: "Done" },
  });
  const { applied } = await finishJob({ db, jobId: job.id, outcome: { status: "completed", result } });
  return { result, applied };
}

import type { Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { resolveModel } from "@/lib/models";
import { advanceJobProgress } from "@/lib/v1/jobs/advance-job-progress";
import { chargeJob } from "@/lib/v1/jobs/charge-job";
import { extractFile } from "./extract-file";
import type { DocumentExtraction } from "./extraction-result";
import { extractJobInput } from "./extract-job-input";

/**
 * Extracts file `index` of an extract job, keeping progress (pages done of the job's total) up to
 * date, and charges it: tokens for the pages read, with the model's multiplier. Throws the engine's
 * errors for the caller to map. `pagesBefore` is the pages of the files before this one.
 */
export async function extractJobFile(options: {
  db: Db;
  job: Job;
  index: number;
  bytes: Buffer;
  pagesBefore: number;
}): Promise<DocumentExtraction> {
  const { db } = options;
  const { job, index, bytes, pagesBefore } = options;
  const input = extractJobInput(job);
  const file = input.files[index];
  const model = resolveModel(job.model, { kind: "ocr" });
  const message =
    input.files.length > 1
      ? `Reading ${file.name} (file ${index + 1} of ${input.files.length})`
      : `Reading ${file.name}`;
  await advanceJobProgress({ db, jobId: job.id, current: pagesBefore, message });
  const { extraction, pagesProcessed, tokens } = await extractFile({
    bytes,
    fileName: file.name,
    model,
    schema: input.schema,
    detail: input.detail,
    maxPages: file.pages ?? input.page_allowance + 1,
    onProgress: async (pagesDone) => {
      await advanceJobProgress({ db, jobId: job.id, current: pagesBefore + pagesDone });
    },
  });
  await chargeJob({ db, job, charge: { unit: { file: index + 1 }, model: model.id, pages: pagesProcessed, tokens } });
  return extraction;
}

import type { Db } from "@/lib/db";
import type { Job, Prisma } from "@/lib/db/generated/client";
import { resolveModel } from "@/lib/models";
import type { BlobStore } from "@/lib/storage";
import { assertTokensAvailable } from "@/lib/usage/assert-tokens-available";
import { createJob } from "@/lib/v1/jobs/create-job";
import { failJob } from "@/lib/v1/jobs/fail-job";
import { inspectJobUploads, type InspectedUpload } from "@/lib/v1/jobs/inspect-job-uploads";
import { startJob } from "@/lib/v1/jobs/start-job";
import { completeExtractJob } from "./complete-extract-job";
import type { ExtractForm } from "./extract-form";
import type { ExtractJobInput } from "./extract-job-input";
import { extractJobFile } from "./extract-job-file";
import { toV1RequestError } from "@/lib/v1/errors/to-v1-error";

/** developer-api.md: only one file of at most this many pages, without webhook_url, is answered at once. */
export const SYNC_MAX_PAGES = 5;

export interface SubmitExtractionInput {
  userId: string;
  tier: string;
  apiKeyId: string | null;
  form: ExtractForm;
}

export type ExtractAnswer = { status: 200 | 202; body: Prisma.InputJsonValue };

/**
 * POST /v1/extract: checks the model, the tier's size and page limits and the token balance, records
 * a Job (also for synchronous calls, so every request is listed by GET /v1/jobs and counted by
 * GET /v1/usage), then either extracts at once (one file of at most 5 pages, no webhook_url: 200) or
 * stores the uploads and starts the background run (202 with poll_url).
 */
export async function submitExtraction(
  input: SubmitExtractionInput & { db: Db; store: BlobStore },
): Promise<ExtractAnswer> {
  const { db, store, form } = input;
  const files = [...(form.file ?? []), ...(form.files ?? [])];
  const model = resolveModel(form.model, { kind: "ocr" });
  const checked = await inspectJobUploads({ files, tier: input.tier, model });
  await assertTokensAvailable({ db, userId: input.userId, tokensNeeded: checked.tokensNeeded });

  const only = checked.uploads.length === 1 ? checked.uploads[0] : null;
  const synchronous = only !== null && only.pages !== null && only.pages <= SYNC_MAX_PAGES && !form.webhook_url;
  const jobInput: ExtractJobInput = {
    files: checked.uploads.map((upload) => ({
      key: null,
      name: upload.fileName,
      size: upload.size,
      pages: upload.pages,
    })),
    schema: form.schema,
    detail: form.detail,
    output_format: form.output_format,
    page_allowance: checked.pageAllowance,
  };
  const job = await createJob({
    db,
    userId: input.userId,
    apiKeyId: input.apiKeyId,
    type: "extract",
    model: model.id,
    input: jobInput,
    webhookUrl: form.webhook_url || null,
    progressTotal: checked.totalPages,
    tokensReserved: checked.tokensNeeded,
  });
  return synchronous
    ? extractNow({ db, store, job, upload: only })
    : startInBackground({ db, store, job, jobInput, uploads: checked.uploads });
}

async function extractNow({
  db,
  store,
  job,
  upload,
}: {
  db: Db;
  store: BlobStore;
  job: Job;
  upload: InspectedUpload;
}): Promise<ExtractAnswer> {
  try {
    const extraction = await extractJobFile({ db, job, index: 0, bytes: upload.bytes, pagesBefore: 0 });
    const { result } = await completeExtractJob({
      db,
      store,
      job,
      documents: [extraction],
      processingTimeMs: extraction.processing_time_ms,
    });
    return { status: 200, body: { id: job.id, status: "completed", result } as Prisma.InputJsonValue };
  } catch (error) {
    await failJob({ db, jobId: job.id, error });
    throw toV1RequestError(error);
  }
}

/** Stores the uploads and starts the run: the job's input gains each file's storage key. */
function startInBackground({
  db,
  store,
  job,
  jobInput,
  uploads,
}: {
  db: Db;
  store: BlobStore;
  job: Job;
  jobInput: ExtractJobInput;
  uploads: InspectedUpload[];
}): Promise<ExtractAnswer> {
  return startJob({
    db,
    store,
    job: { id: job.id, type: "extract" },
    uploads: uploads.map((upload, index) => ({ name: `input-${index + 1}`, bytes: upload.bytes })),
    input: (keys) => ({ ...jobInput, files: jobInput.files.map((file, index) => ({ ...file, key: keys[index] })) }),
  });
}

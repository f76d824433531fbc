import type { Db } from "@/lib/db";
import type { Job } from "@/lib/db/generated/client";
import { readDocument } from "@/lib/documents/read-document";
import type { Page } from "@/lib/pages/types";
import { resolveModel, tokensForPages } from "@/lib/models";
import { jobOutputKey, type BlobStore } from "@/lib/storage";
import { chargeJob } from "@/lib/v1/jobs/charge-job";
import { finishJob } from "@/lib/v1/jobs/finish-job";
import type { SourceDocument } from "@/lib/fill/map/source-document";
import { advanceJobProgress } from "@/lib/v1/jobs/advance-job-progress";

// Stages shared by both fill jobs, each small enough to be its own retried step.

export async function readStoredFile({ store, key }: { store: BlobStore; key: string }): Promise<Buffer> {
  const bytes = await store.getBuffer(key);
  if (!bytes) throw new Error(`The job's upload ${key} is missing from storage`);
  return bytes;
}

export async function reportProgress(options: {
  db: Db;
  jobId: string;
  current: number;
  message: string;
}): Promise<void> {
  const { db, jobId, current, message } = options;
  await advanceJobProgress({ db, jobId, current, message });
}

/** Page data without the viewer image: what a step may hand to the next one. */
function plainPage(page: Page): Page {
  const rest = { ...page };
  delete rest.image;
  return rest;
}

/**
 * Reads source file n (1-based) with the request's OCR model and charges its pages, once per
 * file (chargeKey job:<id>:file:<n>), as POST /v1/extract does.
 */
export async function readSourceFile(options: {
  db: Db;
  store: BlobStore;
  job: Job;
  file: { key: string; name: string };
  index: number;
  ocrModel: string;
  /** Checked as each page is read: a cancelled job stops reading within a page per OCR worker. */
  signal: AbortSignal;
}): Promise<SourceDocument> {
  const { db, store, job, file, index, ocrModel, signal } = options;
  const model = resolveModel(ocrModel, { kind: "ocr" });
  const read = await readDocument({
    bytes: await readStoredFile({ store, key: file.key }),
    fileName: file.name,
    model,
    maxPages: model.maxPagesPerRequest,
    onPage: () => signal.throwIfAborted(),
  });
  await chargeJob({
    db,
    job,
    charge: { unit: { file: index }, model: model.id, pages: read.pagesProcessed, tokens: read.tokens },
  });
  return { fileName: file.name, pages: read.pages.map(plainPage) };
}

/** Charges the form itself with docsvc-fill-v1 (tokens per form), once per job. */
export async function chargeFill(options: { db: Db; job: Job }): Promise<void> {
  const { db, job } = options;
  const model = resolveModel(job.model ?? "docsvc-fill-v1", { kind: "fill" });
  await chargeJob({ db, job, charge: { unit: "fill", model: model.id, pages: 1, tokens: tokensForPages(model, 1) } });
}

/** Stores the produced file, completes the job with its result and deletes the uploads. */
export async function completeFillJob(options: {
  db: Db;
  store: BlobStore;
  job: Job;
  output: { bytes: Buffer; fileName: string; extension: string; contentType: string; result: Record<string, unknown> };
}): Promise<void> {
  const { db, store, job, output } = options;
  // The key is fixed and safe; the user's file name goes in the download's content-disposition.
  const outputKey = jobOutputKey(job.id, `filled.${output.extension}`);
  await store.put(outputKey, output.bytes, output.contentType);
  await db.job.update({
    where: { id: job.id },
    data: { outputKey, outputType: output.contentType, outputName: output.fileName },
  });
  const result = {
    download_url: `/v1/jobs/${job.id}/download`,
    expires_at: job.expiresAt?.toISOString() ?? null,
    ...output.result,
  };
  await finishJob({ db, jobId: job.id, outcome: { status: "completed", result: JSON.parse(JSON.stringify(result)) } });
  await deleteUploads({ store, jobId: job.id });
}

/** The uploads are only needed while the job runs. */
export async function deleteUploads({ store, jobId }: { store: BlobStore; jobId: string }): Promise<void> {
  for (const entry of await store.list(jobOutputKey(jobId, "input-"))) await store.delete(entry.key);
}

/** The file name of the produced file: the template's name with "-filled". */
export function filledName(name: string, extension: string): string {
  const base =
    name
      .replace(/\.[^.]+$/, "")
      .replace(/[^\p{L}\p{N}._ -]/gu, "_")
      .slice(0, 80) || "filled";
  return `${base}-filled.${extension}`;
}

import type { Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";
import { submitFillExcel } from "@/lib/v1/fill/submit-fill-excel";
import { submitFillPdf } from "@/lib/v1/fill/submit-fill-pdf";
import type { FillAnswer } from "@/lib/v1/fill/start-fill-job";
import type { BrowserFillExcelForm, BrowserFillPdfForm } from "./studio.contract";
import { readBatchSources } from "./read-batch-sources";

interface BrowserFillInput<F> {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  form: F;
}

/** The Fill page's PDF form fill: /v1/fill/pdf's job, with a batch's documents among the sources. */
export async function submitBrowserFillPdf(input: BrowserFillInput<BrowserFillPdfForm>): Promise<FillAnswer> {
  const { source_batch_id, source_document_ids, ...form } = input.form;
  const batchFiles = await batchSourceFiles(input, source_batch_id, source_document_ids);
  return submitFillPdf({
    ...input,
    apiKeyId: null,
    form: { ...form, source_files: [...(form.source_files ?? []), ...batchFiles] },
  });
}

/** The Fill page's Excel template fill: /v1/fill/excel's job, with a batch's documents among the sources. */
export async function submitBrowserFillExcel(input: BrowserFillInput<BrowserFillExcelForm>): Promise<FillAnswer> {
  const { source_batch_id, source_document_ids, ...form } = input.form;
  const batchFiles = await batchSourceFiles(input, source_batch_id, source_document_ids);
  return submitFillExcel({
    ...input,
    apiKeyId: null,
    form: { ...form, source_files: [...(form.source_files ?? []), ...batchFiles] },
  });
}

async function batchSourceFiles(
  input: { db: Db; store: BlobStore; userId: string },
  batchId: string | undefined,
  documentIds: string | undefined,
): Promise<File[]> {
  if (!batchId) return [];
  return readBatchSources({ ...input, batchId, documentIds: documentIds?.split(",").map((id) => id.trim()) });
}

import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { submitExtraction, type ExtractAnswer } from "@/lib/v1/extract/submit-extraction";
import type { BrowserExtractForm } from "./playground.contract";
import { readBatchSources } from "./read-batch-sources";

/** The playground's run: /v1/extract on a chosen file or on a document of the person's batch. */
export async function submitBrowserExtraction(input: {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  form: BrowserExtractForm;
}): Promise<ExtractAnswer> {
  const { source_batch_id, source_document_id, ...form } = input.form;
  if (Boolean(source_batch_id) !== Boolean(source_document_id))
    throw new AppError(
      "validation_error",
      "Name the batch and the document together (source_batch_id and source_document_id).",
    );
  const stored =
    source_batch_id && source_document_id
      ? await readBatchSources({ ...input, batchId: source_batch_id, documentIds: [source_document_id] })
      : [];
  return submitExtraction({ ...input, apiKeyId: null, form: { ...form, file: [...(form.file ?? []), ...stored] } });
}

import type { z } from "zod";
import type { ProcessingMode } from "@/lib/batches/processing-mode";
import type { Db } from "@/lib/db";
import { toAppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { assertRequestPages } from "./assert-request-pages";
import { processOcrFile } from "./process-ocr-file";
import type { OcrBatchResponse } from "./schemas";

/**
 * POST /api/ocr/process/batch: each file through processOcrFile, one after another (bounded
 * memory), one result per file in upload order. A file that is refused or fails is reported with
 * its status and reason and does not stop the others. The tier's pages-per-request limit applies to
 * all files together (413 before anything is read), as on POST /api/batch/upload.
 */
export async function processOcrFiles(input: {
  db: Db;
  store: BlobStore;
  user: { id: string; tier: string };
  files: File[];
  processingMode?: ProcessingMode;
}): Promise<z.infer<typeof OcrBatchResponse>> {
  const { db, store } = input;
  await assertRequestPages(input.files, input.user.tier);
  const results: z.infer<typeof OcrBatchResponse>["results"] = [];
  for (const file of input.files) {
    try {
      const result = await processOcrFile({ db, store, user: input.user, file, processingMode: input.processingMode });
      results.push({ file_name: file.name, success: true, result, error: null });
    } catch (error) {
      const { appError, unexpected } = toAppError(error);
      if (unexpected) console.error(`[ocr] processing ${file.name} failed`, error);
      results.push({
        file_name: file.name,
        success: false,
        result: null,
        error: { status: appError.status, detail: unexpected ? "Internal server error" : appError.message },
      });
    }
  }
  const succeeded = results.filter((result) => result.success).length;
  return { results, succeeded, failed: results.length - succeeded };
}

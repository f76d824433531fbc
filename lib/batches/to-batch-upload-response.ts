import type { z } from "zod";
import type { Batch, BatchDocument } from "@/lib/db/generated/client";
import type { BatchUploadResponse } from "./schemas";
import type { RejectedFile } from "./inspect-upload-files";
import type { DocumentStatus } from "./statuses";

export type BatchUploadResponseBody = z.infer<typeof BatchUploadResponse>;

export function toBatchUploadResponse(
  batch: Batch & { documents: BatchDocument[] },
  rejected: RejectedFile[] = [],
): BatchUploadResponseBody {
  const started = batch.status !== "uploaded";
  const refusedNote = rejected.length > 0 ? ` ${rejected.length} file(s) were not accepted; see rejected.` : "";
  return {
    batch_id: batch.id,
    batch_name: batch.name,
    status: batch.status as DocumentStatus,
    processing_mode: batch.processingMode,
    model: batch.model,
    created_at: batch.createdAt.toISOString(),
    total_files: batch.documents.length,
    total_pages: batch.documents.reduce((sum, document) => sum + (document.pagesTotal ?? 1), 0),
    processing_started: started,
    documents: batch.documents.map((document) => ({
      document_id: document.id,
      file_name: document.fileName,
      size_bytes: document.sizeBytes,
      content_type: document.contentType,
      type: document.detectedType ?? "unknown",
      page_count: document.pagesTotal,
      status: document.status as DocumentStatus,
    })),
    rejected,
    message:
      (started
        ? `Processing ${batch.documents.length} document(s) in the background; follow GET /api/batch/status/${batch.id}.`
        : `Uploaded without processing; start it with POST /api/batch/${batch.id}/process.`) + refusedNote,
  };
}

import type { z } from "zod";
import type { Batch, BatchDocument } from "@/lib/db/generated/client";
import type { OcrDocument } from "./schemas";

export function toOcrDocument(document: BatchDocument & { batch: Pick<Batch, "name"> }): z.infer<typeof OcrDocument> {
  return {
    document_id: document.id,
    batch_id: document.batchId,
    batch_name: document.batch.name,
    file_name: document.fileName,
    content_type: document.contentType,
    type: document.detectedType,
    status: document.status,
    error: document.error,
    size_bytes: document.sizeBytes,
    page_count: document.pagesTotal,
    pages_done: document.pagesDone,
    pages_failed: document.pagesFailed,
    created_at: document.createdAt.toISOString(),
    processed_at: document.processedAt?.toISOString() ?? null,
  };
}

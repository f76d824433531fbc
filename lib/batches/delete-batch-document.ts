import type { z } from "zod";
import type { Db } from "@/lib/db";
import { batchPrefix, documentPrefix, type BlobStore } from "@/lib/storage";
import type { BatchOwner } from "./batch-owner";
import { getBatchDocumentOrThrow } from "./get-batch-or-throw";
import { refreshBatchStatus } from "./refresh-batch-status";
import type { DeleteDocumentResponse } from "./request-schemas";
import { invalidateBatchStatus } from "./status-cache";

/** Removes one document with its pages and files; the batch too when it was the last document. */
export async function deleteBatchDocument(options: {
  db: Db;
  store: BlobStore;
  owner: BatchOwner;
  batchId: string;
  documentId: string;
}): Promise<z.infer<typeof DeleteDocumentResponse>> {
  const { db, store, owner } = options;
  const document = await getBatchDocumentOrThrow({
    db,
    owner,
    batchId: options.batchId,
    documentId: options.documentId,
  });
  const batchDeleted = await db.$transaction(async (tx) => {
    await tx.batchDocument.delete({ where: { id: document.id } });
    if ((await tx.batchDocument.count({ where: { batchId: document.batchId } })) > 0) return false;
    await tx.batch.delete({ where: { id: document.batchId } });
    return true;
  });
  await store.deletePrefix(
    batchDeleted ? batchPrefix(document.batchId) : documentPrefix(document.batchId, document.id),
  );
  if (batchDeleted) invalidateBatchStatus(document.batchId);
  else await refreshBatchStatus({ db, batchId: document.batchId });
  return {
    batch_id: document.batchId,
    document_id: document.id,
    deleted: true,
    batch_deleted: batchDeleted,
    message: batchDeleted
      ? "Deleted the document and, as it was the last one, its batch."
      : "Deleted the document, its pages and files.",
  };
}

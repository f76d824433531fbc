import type { z } from "zod";
import type { Db } from "@/lib/db";
import { batchPrefix, type BlobStore } from "@/lib/storage";
import type { BatchOwner } from "./batch-owner";
import { getBatchOrThrow } from "./get-batch-or-throw";
import type { DeleteBatchResponse } from "./request-schemas";
import { invalidateBatchStatus } from "./status-cache";

/** Removes the batch with its documents, pages (cascade) and every stored file under its prefix. */
export async function deleteBatch(options: {
  db: Db;
  store: BlobStore;
  owner: BatchOwner;
  batchId: string;
}): Promise<z.infer<typeof DeleteBatchResponse>> {
  const { db, store, owner, batchId } = options;
  const batch = await getBatchOrThrow({ db, owner, batchId });
  const documents = await db.batchDocument.count({ where: { batchId: batch.id } });
  // Rows first: a running page step then finds its document gone and stops writing files.
  await db.batch.delete({ where: { id: batch.id } });
  await store.deletePrefix(batchPrefix(batch.id));
  invalidateBatchStatus(batch.id);
  return {
    batch_id: batch.id,
    deleted: true,
    documents_deleted: documents,
    message: `Deleted the batch, ${documents} document(s) and their files.`,
  };
}

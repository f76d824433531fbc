import type { Db } from "@/lib/db";
import { getBatchOrThrow, isUuid } from "@/lib/batches/get-batch-or-throw";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";

/**
 * The original files of a user's batch documents, as the files a fill job reads: all the batch's
 * documents, or those named. A batch or document that is not the user's answers 404, as everywhere.
 */
export async function readBatchSources(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  batchId: string;
  documentIds?: string[];
}): Promise<File[]> {
  const { db, store, userId, batchId } = options;
  await getBatchOrThrow({ db, owner: { userId }, batchId });
  const wanted = options.documentIds?.filter((id) => id.length > 0);
  const unknown = wanted?.find((id) => !isUuid(id));
  if (unknown) throw new AppError("not_found", `Document ${unknown} not found in batch ${batchId}`);
  const documents = await db.batchDocument.findMany({
    where: { batchId, ...(wanted?.length ? { id: { in: wanted } } : {}) },
    orderBy: { createdAt: "asc" },
    select: { id: true, fileName: true, contentType: true, storageKey: true },
  });
  const missing = wanted?.find((id) => !documents.some((document) => document.id === id));
  if (missing) throw new AppError("not_found", `Document ${missing} not found in batch ${batchId}`);
  if (documents.length === 0) throw new AppError("no_source_data", `Batch ${batchId} has no documents to read.`);
  return Promise.all(
    documents.map(async (document) => {
      const bytes = await store.getBuffer(document.storageKey);
      if (!bytes) throw new AppError("gone", `The file of ${document.fileName} is no longer stored; upload it again.`);
      return new File([new Uint8Array(bytes)], document.fileName, { type: document.contentType });
    }),
  );
}

import type { Db, DbTransaction } from "@/lib/db";
import type { Batch, BatchDocument } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { batchOwnerWhere, type BatchOwner } from "./batch-owner";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs in the database; anything else cannot name a row (and would be a query error). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The owner's batch; 404 when it does not exist, belongs to someone else, or the id is not a UUID. */
export async function getBatchOrThrow(options: {
  db: Db | DbTransaction;
  owner: BatchOwner;
  batchId: string;
}): Promise<Batch> {
  const { db, owner, batchId } = options;
  const batch = isUuid(batchId)
    ? await db.batch.findFirst({ where: { id: batchId, ...batchOwnerWhere(owner) } })
    : null;
  if (!batch) throw new AppError("not_found", `Batch ${batchId} not found`);
  return batch;
}

/** The owner's document in that batch; 404 on any mismatch, as for the batch. */
export async function getBatchDocumentOrThrow(options: {
  db: Db | DbTransaction;
  owner: BatchOwner;
  batchId: string;
  documentId: string;
}): Promise<BatchDocument & { batch: Batch }> {
  const { db, owner, batchId, documentId } = options;
  const document =
    isUuid(batchId) && isUuid(documentId)
      ? await db.batchDocument.findFirst({
          where: { id: documentId, batchId, batch: batchOwnerWhere(owner) },
          include: { batch: true },
        })
      : null;
  if (!document) throw new AppError("not_found", `Document ${documentId} not found in batch ${batchId}`);
  return document;
}

/** The owner's document by id alone (the /api/ocr/documents and convert endpoints name no batch). */
export async function getOwnedDocumentOrThrow(options: {
  db: Db | DbTransaction;
  owner: BatchOwner;
  documentId: string;
}): Promise<BatchDocument & { batch: Batch }> {
  const { db, owner, documentId } = options;
  const document = isUuid(documentId)
    ? await db.batchDocument.findFirst({
        where: { id: documentId, batch: batchOwnerWhere(owner) },
        include: { batch: true },
      })
    : null;
  if (!document) throw new AppError("not_found", `Document ${documentId} not found`);
  return document;
}

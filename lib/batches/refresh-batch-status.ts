import type { Db, DbTransaction } from "@/lib/db";
import { deriveBatchStatus } from "./statuses";
import { invalidateBatchStatus } from "./status-cache";

/** Recomputes the batch's status from its documents' and drops its cached status. */
export async function refreshBatchStatus({
  db,
  batchId,
}: {
  db: Db | DbTransaction;
  batchId: string;
}): Promise<string> {
  const documents = await db.batchDocument.findMany({ where: { batchId }, select: { status: true } });
  const status = deriveBatchStatus(documents.map((document) => document.status));
  await db.batch.updateMany({ where: { id: batchId, status: { not: status } }, data: { status } });
  invalidateBatchStatus(batchId);
  return status;
}

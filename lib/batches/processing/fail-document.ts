import type { Db } from "@/lib/db";
import { refreshBatchStatus } from "../refresh-batch-status";
import { logger } from "@/lib/log/logger";

/**
 * Marks a document failed as a whole (its file cannot be read at all), keeping pages already read.
 * `errorCode` is the reading engine's code when it refused the file; a permanent one is not retried.
 */
export async function failDocument({
  db,
  document,
  message,
  errorCode,
}: {
  db: Db;
  document: { id: string; batchId: string };
  message: string;
  errorCode?: string;
}): Promise<void> {
  await db.batchDocument.update({
    where: { id: document.id },
    data: { status: "failed", error: message, errorCode: errorCode ?? null, processedAt: new Date() },
  });
  logger.info("document", { batch_id: document.batchId, document_id: document.id, status: "failed", error: message });
  await refreshBatchStatus({ db, batchId: document.batchId });
}

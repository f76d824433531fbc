import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { dispatch } from "@/lib/background/dispatch";
import { batchDocumentProcessRequested } from "@/lib/background/events";
import { refreshBatchStatus } from "./refresh-batch-status";

/**
 * Moves each matching document to queued and starts one background run per document. The move is
 * a conditional update, so two concurrent calls (a double-clicked retry) start one run each at most.
 * Failed pages are counted again as the run reads them, so a queued document never shows old failures.
 * Returns the ids of the documents queued.
 */
export async function queueDocuments(options: {
  db: Db;
  batchId: string;
  where: Prisma.BatchDocumentWhereInput;
}): Promise<string[]> {
  const { db } = options;
  const candidates = await db.batchDocument.findMany({
    where: { ...options.where, batchId: options.batchId },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const queued: string[] = [];
  for (const { id } of candidates) {
    const { count } = await db.batchDocument.updateMany({
      where: { ...options.where, id, batchId: options.batchId },
      data: { status: "queued", error: null, errorCode: null, pagesFailed: 0 },
    });
    if (count === 1) queued.push(id);
  }
  await refreshBatchStatus({ db, batchId: options.batchId });
  for (const documentId of queued) {
    try {
      // A fresh event id per queueing: each retry is a new run (its steps start over), while the
      // pages a previous run completed are kept and skipped (see beginDocumentProcessing).
      await dispatch(
        batchDocumentProcessRequested.name,
        { batchId: options.batchId, documentId },
        { id: `batch-document:${documentId}:${randomUUID()}` },
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.batchDocument.update({
        where: { id: documentId },
        data: { status: "failed", error: `Processing could not be started: ${message}` },
      });
      await refreshBatchStatus({ db, batchId: options.batchId });
      throw error;
    }
  }
  return queued;
}

import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { refreshBatchStatus } from "../refresh-batch-status";
import { finishedDocumentStatus, type DocumentStatus } from "../statuses";
import { pageFromRow, structuredDataOf } from "./page-data";
import { recordProgress } from "./process-page-range";
import { logger } from "@/lib/log/logger";

/**
 * Last stage: the document's status from its pages (a page never read counts as failed), its
 * document-level structure (metadata.structured_data, over the pages as they now are, edits
 * included), and the batch's status.
 */
export async function finishDocumentProcessing(
  db: Db,
  documentId: string,
): Promise<{ status: DocumentStatus | "deleted"; pagesDone: number; pagesTotal: number }> {
  await recordProgress(db, documentId);
  const document = await db.batchDocument.findUnique({ where: { id: documentId } });
  if (!document) return { status: "deleted", pagesDone: 0, pagesTotal: 0 };
  const rows = await db.page.findMany({ where: { documentId }, orderBy: { pageNumber: "asc" } });
  const pagesTotal = Math.max(document.pagesTotal ?? 0, rows.length);
  const pagesDone = rows.filter((row) => row.status === "completed").length;
  const status = finishedDocumentStatus({ total: pagesTotal, failed: pagesTotal - pagesDone });
  const metadata = {
    ...(document.metadata as Prisma.JsonObject),
    structured_data: structuredDataOf(rows.map(pageFromRow).filter((page) => !page.error)),
  };
  const firstError = rows.find((row) => row.error)?.error;
  await db.batchDocument.update({
    where: { id: documentId },
    data: {
      status,
      pagesTotal,
      processedAt: new Date(),
      metadata,
      error:
        status === "completed"
          ? null
          : (document.error ?? firstError ?? `${pagesTotal - pagesDone} of ${pagesTotal} pages could not be read`),
    },
  });
  logger.info("document", {
    batch_id: document.batchId,
    document_id: documentId,
    status,
    pages_done: pagesDone,
    pages_total: pagesTotal,
  });
  await refreshBatchStatus(db, document.batchId);
  return { status, pagesDone, pagesTotal };
}

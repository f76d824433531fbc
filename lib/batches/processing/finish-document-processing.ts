import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { refreshBatchStatus } from "../refresh-batch-status";
import { finishedDocumentStatus, type DocumentStatus } from "../statuses";
import { pageFromRow, structuredDataOf } from "./page-data";
import { recordProgress } from "./process-page-range";
import { emptyTimings, timingRecord, type StageTimings } from "./stage-timings";
import { logger } from "@/lib/log/logger";

/**
 * Last stage: the document's status from its pages (a page never read counts as failed), its
 * document-level structure (metadata.structured_data, over the pages as they now are, edits
 * included), and the batch's status.
 */
export async function finishDocumentProcessing({
  db,
  documentId,
  timings = emptyTimings(),
}: {
  db: Db;
  documentId: string;
  timings?: StageTimings;
}): Promise<{ status: DocumentStatus | "deleted"; pagesDone: number; pagesTotal: number }> {
  const rowsStarted = performance.now();
  await recordProgress({ db, documentId });
  const document = await db.batchDocument.findUnique({ where: { id: documentId } });
  if (!document) return { status: "deleted", pagesDone: 0, pagesTotal: 0 };
  // Not structured_data (the pages' own, unused here), which would double what is read back.
  const rows = await db.page.findMany({
    where: { documentId },
    orderBy: { pageNumber: "asc" },
    select: {
      pageNumber: true,
      extractedText: true,
      boundingBoxes: true,
      source: true,
      confidence: true,
      status: true,
      error: true,
    },
  });
  const pagesTotal = Math.max(document.pagesTotal ?? 0, rows.length);
  const pagesDone = rows.filter((row) => row.status === "completed").length;
  const status = finishedDocumentStatus({ total: pagesTotal, failed: pagesTotal - pagesDone });
  const structureStarted = performance.now();
  timings.rows += structureStarted - rowsStarted;
  const metadata = {
    ...(document.metadata as Prisma.JsonObject),
    structured_data: structuredDataOf(rows.map(pageFromRow).filter((page) => !page.error)),
  };
  timings.structure += performance.now() - structureStarted;
  const firstError = rows.find((row) => row.error)?.error;
  const processedAt = new Date();
  // The wall time runs from the start of this run (begin) to now, whatever ran in between.
  const record = timingRecord(
    timings,
    processedAt.getTime() - (document.startedAt ?? processedAt).getTime(),
    pagesDone,
  );
  await db.batchDocument.update({
    where: { id: documentId },
    data: {
      status,
      pagesTotal,
      processedAt,
      metadata,
      timings: record,
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
  logger.debug("document timings", { batch_id: document.batchId, document_id: documentId, ...record });
  await refreshBatchStatus({ db, batchId: document.batchId });
  return { status, pagesDone, pagesTotal };
}

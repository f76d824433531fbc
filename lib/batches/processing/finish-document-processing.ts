import type { Db } from "@/lib/db";
import { refreshBatchStatus } from "../refresh-batch-status";
import { finishedDocumentStatus, type DocumentStatus } from "../statuses";
import { documentStructure } from "./document-structure";
import { recordProgress } from "./process-page-range";
import { recordFinishedDocument } from "./record-finished-document";
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
  // Not the metadata (a long document's structure from an earlier run): the update merges into it.
  const document = await db.batchDocument.findUnique({
    where: { id: documentId },
    omit: { metadata: true, timings: true },
  });
  if (!document) return { status: "deleted", pagesDone: 0, pagesTotal: 0 };
  // Text and status only: the word boxes are read a batch of pages at a time below.
  const rows = await db.page.findMany({
    where: { documentId },
    orderBy: { pageNumber: "asc" },
    select: { pageNumber: true, extractedText: true, source: true, confidence: true, status: true, error: true },
  });
  const pagesTotal = Math.max(document.pagesTotal ?? 0, rows.length);
  const pagesDone = rows.filter((row) => row.status === "completed").length;
  const status = finishedDocumentStatus({ total: pagesTotal, failed: pagesTotal - pagesDone });
  timings.rows += performance.now() - rowsStarted;
  const structuredData = await documentStructure({ db, documentId, rows, timings });
  const firstError = rows.find((row) => row.error)?.error;
  const processedAt = new Date();
  // The wall time runs from the start of this run (begin) to now, whatever ran in between.
  const record = timingRecord(
    timings,
    processedAt.getTime() - (document.startedAt ?? processedAt).getTime(),
    pagesDone,
  );
  const recorded = await recordFinishedDocument(db, {
    documentId,
    status,
    pagesTotal,
    processedAt,
    structuredData,
    timings: record,
    error:
      status === "completed"
        ? null
        : (document.error ?? firstError ?? `${pagesTotal - pagesDone} of ${pagesTotal} pages could not be read`),
  });
  if (!recorded) return { status: "deleted", pagesDone: 0, pagesTotal: 0 };
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

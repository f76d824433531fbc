import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import type { Page } from "@/lib/documents/types";
import { refreshBatchStatus } from "../refresh-batch-status";
import { finishedDocumentStatus, type DocumentStatus } from "../statuses";
import { pageFromRow, structuredDataOf } from "./page-data";
import { recordProgress } from "./process-page-range";
import { emptyTimings, timingRecord, type StageTimings } from "./stage-timings";
import { logger } from "@/lib/log/logger";

/** Rows read back at a time: all of a 200-page scan's words in one answer are held by the database thread and by this one at once. */
const rowsPerRead = 20;

/** The document's page rows in page order, a few at a time, without the stored structured_data (unused here). */
async function* pageRowsOf(db: Db, documentId: string) {
  for (let after = 0; ;) {
    const rows = await db.page.findMany({
      where: { documentId, pageNumber: { gt: after } },
      orderBy: { pageNumber: "asc" },
      take: rowsPerRead,
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
    yield* rows;
    if (rows.length < rowsPerRead) return;
    after = rows[rows.length - 1].pageNumber;
  }
}

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
  let rowCount = 0;
  let pagesDone = 0;
  let firstError: string | undefined;
  const readPages: Page[] = [];
  for await (const row of pageRowsOf(db, documentId)) {
    rowCount++;
    if (row.status === "completed") pagesDone++;
    if (!firstError && row.error) firstError = row.error;
    const page = pageFromRow(row);
    if (!page.error) readPages.push(page);
  }
  const pagesTotal = Math.max(document.pagesTotal ?? 0, rowCount);
  const status = finishedDocumentStatus({ total: pagesTotal, failed: pagesTotal - pagesDone });
  const structureStarted = performance.now();
  timings.rows += structureStarted - rowsStarted;
  const metadata = {
    ...(document.metadata as Prisma.JsonObject),
    structured_data: structuredDataOf(readPages),
  };
  timings.structure += performance.now() - structureStarted;
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

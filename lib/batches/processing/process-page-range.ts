import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "@/lib/db";
import { readDocument } from "@/lib/documents/read-document";
import { isDocumentError, type DocumentError } from "@/lib/errors/document-error";
import { failedPage } from "@/lib/documents/page-builder";
import type { Page } from "@/lib/pages/types";
import { resolveModel } from "@/lib/models";
import type { BlobStore } from "@/lib/storage";
import { invalidateBatchStatus } from "../status-cache";
import type { ReadStage } from "@/lib/documents/read-options";
import { recordFewerPages } from "./record-fewer-pages";
import { savePages, type SavePagesContext } from "./save-pages";
import { emptyTimings, timeStage, type StageTimings } from "./stage-timings";
import { withOriginal } from "./shared-original";
import { writeBehind } from "./write-behind";

export interface PageRangeResult {
  done: number;
  failed: number;
  /** Pages whose edited version was kept instead of the new reading. */
  editsKept: number[];
  /** The document was deleted meanwhile; nothing more to do. */
  gone: boolean;
  /** Time spent per stage on these pages. */
  timings: StageTimings;
}

/**
 * Reads some pages of a document (a PDF's pages alone; other formats whole) and saves them as they are finished, so progress and the first results show while the rest
 * is read. A page that fails is saved as failed and its neighbours are unaffected; a document that
 * cannot be read at all fails every page of the range with the reason.
 */
export async function processPageRange(options: {
  db: Db;
  store: BlobStore;
  documentId: string;
  pages: number[] | "all";
  pdf: boolean;
}): Promise<PageRangeResult> {
  const { db, store } = options;
  const timings = emptyTimings();
  const result: PageRangeResult = { done: 0, failed: 0, editsKept: [], gone: false, timings };
  const document = await timeStage(timings, "rows", () =>
    db.batchDocument.findUnique({
      where: { id: options.documentId },
      include: { batch: { select: { userId: true, model: true } } },
    }),
  );
  if (!document) return { ...result, gone: true };
  const context: SavePagesContext = {
    db,
    store,
    document,
    userId: document.batch.userId,
    model: resolveModel(document.batch.model, { kind: "ocr" }),
    imagesOnDemand: options.pdf,
    timings,
  };
  const wanted = options.pages === "all" ? undefined : new Set(options.pages);
  const seen = new Set<number>();

  const writer = writeBehind<Page>(async (pages) => {
    if (result.gone) return;
    const outcome = await savePages(context, pages);
    if (!outcome.saved) {
      result.gone = true;
      return;
    }
    for (const page of pages) {
      if (page.error) result.failed++;
      else result.done++;
    }
    result.editsKept.push(...outcome.keptEdits);
    // Once per write, not per page: the status counts these pages as soon as their rows exist.
    await timeStage(timings, "rows", () => recordProgress({ db, documentId: document.id }));
    invalidateBatchStatus(document.batchId);
  });
  const save = async (page: Page) => {
    if (result.gone || (wanted && !wanted.has(page.pageNumber))) return;
    seen.add(page.pageNumber);
    await writer.add(page);
    // Reading a text layer from memory and writing to the embedded database never waits on I/O, so
    // without a turn of the event loop per page, status and results requests wait for the whole range.
    await nextTurn();
  };
  const reading = {
    model: context.model,
    // A PDF's text pages are pictured on demand (GET /api/batch/image renders and keeps them).
    renderImages: options.pdf ? ("scans" as const) : true,
    onStageTime: (stage: ReadStage, ms: number) => (timings[stage] += ms),
  };

  try {
    // A PDF's chunk reads just its pages from the whole file (pdfjs loads the pages it is asked for).
    const pages = options.pdf && options.pages !== "all" ? options.pages : undefined;
    const read = await withOriginal(
      document,
      () => timeStage(timings, "read", () => store.getBuffer(document.storageKey)),
      (bytes) => readDocument({ ...reading, bytes, fileName: document.fileName, pages, onPage: save }),
    );
    // Other formats are read whole: fewer pages than counted is the document's own count (office files).
    if (!options.pdf && read.pages.length < (document.pagesTotal ?? 0))
      await timeStage(timings, "rows", () => recordFewerPages({ db, document, pageCount: read.pages.length }));
  } catch (error) {
    // The file could not be read at all. The reader's own code (corrupt_document, password_required, …)
    // goes on the document, so finishing it says why and a file that cannot be read is not offered a retry.
    if (isDocumentError(error)) await timeStage(timings, "rows", () => recordReadFailure({ db, document, error }));
    const numbers =
      options.pages === "all"
        ? Array.from({ length: document.pagesTotal ?? 1 }, (_, index) => index + 1)
        : options.pages;
    for (const pageNumber of numbers)
      if (!seen.has(pageNumber)) await save(failedPage(pageNumber, "text_layer", error));
  }
  await writer.drain();
  return result;
}

/**
 * The reader's refusal of the whole file, kept on the document (its status is set when it is finished).
 * updateMany: the document may have been deleted meanwhile.
 */
async function recordReadFailure({
  db,
  document,
  error,
}: {
  db: Db;
  document: { id: string };
  error: DocumentError;
}): Promise<void> {
  await db.batchDocument.updateMany({
    where: { id: document.id },
    data: { errorCode: error.code, error: error.message },
  });
}

/**
 * pagesDone / pagesFailed from the page rows, so concurrent chunks and retries always agree; counted
 * and written in one statement (it runs after every write of pages).
 */
export async function recordProgress({ db, documentId }: { db: Db; documentId: string }): Promise<void> {
  await db.$executeRaw`
    UPDATE batch_documents
    SET "pagesDone" = counts.done, "pagesFailed" = counts.failed, "updatedAt" = ${new Date()}::timestamp(3)
    FROM (
      SELECT (COUNT(*) FILTER (WHERE status = 'completed'))::int AS done,
        (COUNT(*) FILTER (WHERE status = 'failed'))::int AS failed
      FROM pages WHERE "documentId" = ${documentId}::uuid
    ) AS counts
    WHERE id = ${documentId}::uuid`;
}

import type { Db } from "@/lib/db";
import { readDocument } from "@/lib/documents/read-document";
import { failedPage } from "@/lib/documents/page-builder";
import type { Page } from "@/lib/documents/types";
import { resolveModel } from "@/lib/models";
import type { BlobStore } from "@/lib/storage";
import { invalidateBatchStatus } from "../status-cache";
import type { ReadStage } from "@/lib/documents/read-options";
import { savePages, type SavePagesContext } from "./save-pages";
import { emptyTimings, timeStage, type StageTimings } from "./stage-timings";
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
export async function processPageRange(
  db: Db,
  store: BlobStore,
  options: { documentId: string; pages: number[] | "all"; pdf: boolean },
): Promise<PageRangeResult> {
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
    await timeStage(timings, "rows", () => recordProgress(db, document.id));
    invalidateBatchStatus(document.batchId);
  });
  const save = async (page: Page) => {
    if (result.gone || (wanted && !wanted.has(page.pageNumber))) return;
    seen.add(page.pageNumber);
    await writer.add(page);
  };
  const reading = {
    model: context.model,
    // A PDF's text pages are pictured on demand (GET /api/batch/image renders and keeps them).
    renderImages: options.pdf ? ("scans" as const) : true,
    onStageTime: (stage: ReadStage, ms: number) => (timings[stage] += ms),
  };

  const original = await timeStage(timings, "read", () => store.getBuffer(document.storageKey));
  try {
    if (!original) throw new Error("The original file is missing from storage");
    // A PDF's chunk reads just its pages from the whole file (pdfjs loads the pages it is asked for).
    const pages = options.pdf && options.pages !== "all" ? options.pages : undefined;
    await readDocument({ ...reading, bytes: original, fileName: document.fileName, pages, onPage: save });
  } catch (error) {
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

/** pagesDone / pagesFailed from the page rows, so concurrent chunks and retries always agree. */
export async function recordProgress(db: Db, documentId: string): Promise<void> {
  const counts = await db.page.groupBy({ by: ["status"], where: { documentId }, _count: { _all: true } });
  const count = (status: string) => counts.find((entry) => entry.status === status)?._count._all ?? 0;
  await db.batchDocument.updateMany({
    where: { id: documentId },
    data: { pagesDone: count("completed"), pagesFailed: count("failed") },
  });
}

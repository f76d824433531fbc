import type { Db } from "@/lib/db";
import { isDocumentError } from "@/lib/errors/document-error";
import { inspectDocument } from "@/lib/documents/inspect-document";
import type { BlobStore } from "@/lib/storage";
import { refreshBatchStatus } from "../refresh-batch-status";
import { failDocument } from "./fail-document";
import { MissingOriginalError, withOriginal } from "./shared-original";
import { emptyTimings, type StageTimings } from "./stage-timings";
import { logger } from "@/lib/log/logger";

export type DocumentPlan =
  | {
      state: "ready";
      pagesTotal: number | null;
      pendingPages: number[] | "all";
      pdf: boolean;
      /** Time this stage took: inspecting the file (read) and the status rows (rows). */
      timings: StageTimings;
    }
  | { state: "skipped" | "failed"; reason: string };

/**
 * First stage of processing a document: moves it to processing, counts its pages (only when the upload
 * could not: a file counted at upload is not inspected again) and lists the pages still to read — all
 * of them the first time, only failed or missing ones on a retry, so completed pages (and a person's
 * edits) are not read again. A counted file that then cannot be read fails in the chunks, which carry
 * the reader's error code to the document (processPageRange).
 */
export async function beginDocumentProcessing({
  db,
  store,
  documentId,
  inspect = inspectDocument,
}: {
  db: Db;
  store: BlobStore;
  documentId: string;
  /** The inspection of a file the upload could not count (inspectDocument; a test counts its calls). */
  inspect?: typeof inspectDocument;
}): Promise<DocumentPlan> {
  const started = performance.now();
  const timings = emptyTimings();
  const document = await db.batchDocument.findUnique({ where: { id: documentId } });
  if (!document) return { state: "skipped", reason: "The document was deleted" };
  if (document.status !== "queued" && document.status !== "processing") {
    return { state: "skipped", reason: `The document is ${document.status}, not queued` };
  }
  const startedAt = new Date();
  await db.batchDocument.update({
    where: { id: documentId },
    data: { status: "processing", startedAt, error: null },
  });
  logger.info("document", { batch_id: document.batchId, document_id: documentId, status: "processing" });
  await refreshBatchStatus({ db, batchId: document.batchId });

  const reading = performance.now();
  let pagesTotal = document.pagesTotal;
  let pdf = document.detectedType === "pdf";
  const missingOriginal = "The original file is missing from storage; upload it again or retry once it is restored";
  if (pagesTotal !== null && document.detectedType !== null) {
    // The upload counted the pages and named the type: the chunks read the file, nothing inspects it again.
    if (!(await store.exists(document.storageKey))) {
      await failDocument({ db, document, message: missingOriginal });
      return { state: "failed", reason: missingOriginal };
    }
  } else {
    try {
      // Through the shared original: the first chunks, which start right after, find the file (and a
      // PDF parsed) as this left it.
      const inspection = await withOriginal(
        { storageKey: document.storageKey, startedAt },
        () => store.getBuffer(document.storageKey),
        (bytes) => inspect(bytes, { fileName: document.fileName }),
      );
      pagesTotal = inspection.pageCount ?? pagesTotal;
      pdf = inspection.type.reader === "pdf";
    } catch (error) {
      if (error instanceof MissingOriginalError) {
        await failDocument({ db, document, message: missingOriginal });
        return { state: "failed", reason: missingOriginal };
      }
      const reason = error instanceof Error ? error.message : String(error);
      await failDocument({ db, document, message: reason, errorCode: isDocumentError(error) ? error.code : undefined });
      return { state: "failed", reason };
    }
  }

  timings.read = performance.now() - reading;
  const completed = await db.page.findMany({
    where: { documentId, status: "completed" },
    select: { pageNumber: true },
  });
  const done = new Set(completed.map((page) => page.pageNumber));
  await db.batchDocument.update({ where: { id: documentId }, data: { pagesTotal, pagesDone: done.size } });
  timings.rows = performance.now() - started - timings.read;
  if (pagesTotal === null) return { state: "ready", pagesTotal, pendingPages: "all", pdf, timings };
  const pendingPages = Array.from({ length: pagesTotal }, (_, index) => index + 1).filter(
    (pageNumber) => !done.has(pageNumber),
  );
  return { state: "ready", pagesTotal, pendingPages, pdf, timings };
}

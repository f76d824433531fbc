import type { BatchOwner } from "@/lib/batches/batch-owner";
import type { FileAnswer } from "@/lib/contracts/file-answer";
import type { Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";
import { writeReportDocx } from "./docx/write-report-docx";
import type { ExportPageOverride, ExportRequestBody } from "./export-schemas";
import { listMissingPages } from "./list-missing-pages";
import { writeReportPdf } from "./pdf/write-report-pdf";
import { streamSearchablePdf } from "./pdf/stream-searchable-pdf";
import { pullStream } from "./pull-stream";
import { selectExportDocuments } from "./select-export-documents";

export type ExportFormat = "pdf" | "docx";

const CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

/**
 * POST /api/batch/{batch_id}/export/{pdf|docx}: the batch's documents (or those named), with any
 * unsaved edits from the request, as a file to download. Reads only: nothing stored changes.
 * Pages not read yet are left out and named in X-Export-Missing-Pages (and in the file itself).
 * Bounded by the documents' own pages: a page number beyond them is refused (422).
 */
export async function exportBatch(
  db: Db,
  store: BlobStore,
  options: {
    owner: BatchOwner;
    batchId: string;
    format: ExportFormat;
    request: ExportRequestBody;
    /** The request's signal: when the client goes away, the export stops at the next page. */
    signal?: AbortSignal;
  },
): Promise<FileAnswer> {
  const { batch, documents } = await selectExportDocuments({
    db,
    owner: options.owner,
    batchId: options.batchId,
    request: options.request,
  });
  const overrides = new Map<string, ExportPageOverride[]>(
    (options.request.documents ?? []).map((document) => [document.document_id, document.pages]),
  );
  const title = batch.name?.trim() || `Batch ${batch.id.slice(0, 8)}`;
  const signal = options.signal;
  let mode: "searchable" | "report" | "docx" = "docx";
  let chunks: AsyncGenerator<Uint8Array>;
  if (options.format === "docx") chunks = writeReportDocx({ db, documents, overrides, title, signal });
  else {
    mode =
      options.request.mode ??
      (await defaultPdfMode(
        db,
        documents.map((document) => document.id),
      ));
    chunks =
      mode === "searchable"
        ? streamSearchablePdf({ db, store, documents, overrides, title, signal })
        : writeReportPdf({ db, documents, overrides, title, signal });
  }
  const missing = await listMissingPages(db, documents);
  const body = await pullStream(chunks, { event: "export_stream_failed", batch_id: batch.id, mode });
  const fileName = `${safeBaseName(title)}${mode === "report" ? "-report" : ""}.${options.format}`;
  const headers: Record<string, string> = { "x-export-mode": mode };
  if (missing.length > 0) headers["x-export-missing-pages"] = encodeURIComponent(missing.join("; "));
  // Streamed: no size, so a download cut short by a failure is seen as incomplete.
  return { body, contentType: CONTENT_TYPES[options.format], fileName, cacheControl: "private, no-store", headers };
}

/** Searchable when any page was read by OCR (scanned or photographed), a report otherwise. */
async function defaultPdfMode(db: Db, documentIds: string[]): Promise<"searchable" | "report"> {
  const scanned = await db.page.findFirst({
    where: { documentId: { in: documentIds }, source: "ocr" },
    select: { id: true },
  });
  return scanned ? "searchable" : "report";
}

function safeBaseName(title: string): string {
  return (
    title
      .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, "_")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 120) || "export"
  );
}

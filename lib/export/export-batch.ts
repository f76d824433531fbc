import type { BatchOwner } from "@/lib/batches/batch-owner";
import type { Db } from "@/lib/db";
import { attachmentDisposition } from "@/lib/library/attachment-disposition";
import { logger } from "@/lib/log/logger";
import type { BlobStore } from "@/lib/storage";
import { writeReportDocx } from "./docx/write-report-docx";
import type { ExportPageOverride, ExportRequestBody } from "./export-schemas";
import { listMissingPages } from "./list-missing-pages";
import { writeReportPdf } from "./pdf/write-report-pdf";
import { needsPageCopies, streamSearchablePdf } from "./pdf/stream-searchable-pdf";
import { writeSearchablePdf } from "./pdf/write-searchable-pdf";
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
 */
export async function exportBatch(
  db: Db,
  store: BlobStore,
  options: { owner: BatchOwner; batchId: string; format: ExportFormat; request: ExportRequestBody },
): Promise<Response> {
  const { batch, documents } = await selectExportDocuments(db, options.owner, options.batchId, options.request);
  const overrides = new Map<string, ExportPageOverride[]>(
    (options.request.documents ?? []).map((document) => [document.document_id, document.pages]),
  );
  const title = batch.name?.trim() || `Batch ${batch.id.slice(0, 8)}`;
  let mode: "searchable" | "report" | "docx" = "docx";
  let result: { body: Uint8Array | ReadableStream<Uint8Array>; missing: string[] };
  if (options.format === "docx") {
    result = {
      body: await streamOf(writeReportDocx({ db, documents, overrides, title })),
      missing: await listMissingPages(db, documents),
    };
  } else {
    mode =
      options.request.mode ??
      (await defaultPdfMode(
        db,
        documents.map((document) => document.id),
      ));
    if (mode === "searchable" && (await needsPageCopies(db, documents))) {
      const pdf = await writeSearchablePdf({ db, store, documents, overrides, title });
      result = { body: pdf.bytes, missing: pdf.missing };
    } else if (mode === "searchable") {
      result = {
        body: await streamOf(streamSearchablePdf({ db, store, documents, overrides, title })),
        missing: await listMissingPages(db, documents),
      };
    } else {
      result = {
        body: await streamOf(writeReportPdf({ db, documents, overrides, title })),
        missing: await listMissingPages(db, documents),
      };
    }
  }
  const fileName = `${safeBaseName(title)}${mode === "report" ? "-report" : ""}.${options.format}`;
  const headers: Record<string, string> = {
    "content-type": CONTENT_TYPES[options.format],
    "content-disposition": attachmentDisposition(fileName),
    "cache-control": "private, no-store",
    "x-export-mode": mode,
  };
  // A streamed report's length is not known before it is sent.
  if (result.body instanceof Uint8Array) headers["content-length"] = String(result.body.byteLength);
  if (result.missing.length > 0) headers["x-export-missing-pages"] = encodeURIComponent(result.missing.join("; "));
  return new Response(result.body instanceof Uint8Array ? new Uint8Array(result.body) : result.body, { headers });
}

/**
 * A pull stream over the chunks: the next chunk is made only when the client has taken the last.
 * The first is made before answering, so a failure to start (fonts, the first read) is an error
 * response rather than a download cut short; a later failure ends the download and is logged.
 */
async function streamOf(chunks: AsyncGenerator<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  let first: IteratorResult<Uint8Array> | undefined = await chunks.next();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = first ?? (await chunks.next());
        first = undefined;
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        logger.error("export_stream_failed", {
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
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

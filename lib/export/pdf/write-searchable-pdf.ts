import { PDFDocument, rgb } from "pdf-lib";
import type { Db } from "@/lib/db";
import { FillFonts } from "@/lib/fill/pdf/unicode-font";
import { ensurePageImage } from "@/lib/batches/ensure-page-image";
import type { BlobStore } from "@/lib/storage";
import type { ExportPageOverride } from "../export-schemas";
import type { ExportDocument, ExportPage } from "../export-types";
import { readExportPages } from "../read-export-pages";
import { drawPngPage } from "./draw-png-page";
import { drawTextLayer } from "./draw-text-layer";
import { pdfPageSize } from "./page-size";

export interface WriteSearchablePdfOptions {
  db: Db;
  store: BlobStore;
  documents: ExportDocument[];
  overrides: Map<string, ExportPageOverride[]>;
  title: string;
}

/**
 * The documents' original pages as one searchable PDF: a digital PDF page (text layer) is copied as
 * it is; a scanned or photographed page is its stored image drawn full-page with the (corrected)
 * words invisible at their boxes; a page with neither (office formats) gets its words drawn visibly;
 * a page not read yet is a short note. Returns the PDF and the pages that were missing.
 */
export async function writeSearchablePdf(
  options: WriteSearchablePdfOptions,
): Promise<{ bytes: Uint8Array; missing: string[] }> {
  const output = await PDFDocument.create();
  output.setTitle(options.title);
  output.setCreator("docsvc");
  const fonts = await FillFonts.create(output);
  const missing: string[] = [];
  for (const document of options.documents) {
    const overrides = options.overrides.get(document.id) ?? [];
    let source: PDFDocument | null | undefined;
    for await (const page of readExportPages(options.db, document, overrides)) {
      if (page.status === "missing") {
        missing.push(`${document.fileName} page ${page.pageNumber}`);
        drawMissingPage(output, page, fonts.helvetica, document.fileName);
        continue;
      }
      // An edited digital page is redrawn (its image with the corrected text layer), so the correction is what is found and copied.
      if (page.source === "text_layer" && document.detectedType === "pdf" && !page.edited) {
        if (source === undefined) source = await loadSource(options.store, document.storageKey);
        if (source && page.pageNumber <= source.getPageCount()) {
          const [copied] = await output.copyPages(source, [page.pageNumber - 1]);
          output.addPage(copied);
          continue;
        }
      }
      await drawReadPage(output, { ...page, documentId: document.id }, options, fonts);
    }
  }
  return { bytes: await output.save({ useObjectStreams: true }), missing };
}

async function drawReadPage(
  output: PDFDocument,
  page: ExportPage & { documentId: string },
  { db, store }: { db: Db; store: BlobStore },
  fonts: FillFonts,
): Promise<void> {
  const size = pdfPageSize(page);
  const pdfPage = output.addPage([size.width, size.height]);
  const imageKey = page.imageKey;
  // A PDF's text page has its image rendered when first wanted (see ensurePageImage).
  const stored =
    imageKey !== null &&
    (await ensurePageImage({ db, store, documentId: page.documentId, pageNumber: page.pageNumber, imageKey }));
  const image = stored ? await store.getBuffer(imageKey) : null;
  if (image) await drawPngPage(output, pdfPage, image);
  await drawTextLayer(pdfPage, page, fonts, { invisible: image !== null });
}

function drawMissingPage(output: PDFDocument, page: ExportPage, font: FillFonts["helvetica"], fileName: string): void {
  const size = pdfPageSize(page);
  const pdfPage = output.addPage([size.width, size.height]);
  const note = `${fileName.replace(/[^\x20-\x7e]/g, "?")}, page ${page.pageNumber}: ${page.error ?? "not available"}`;
  pdfPage.drawText(note, {
    x: 36,
    y: size.height - 48,
    size: 11,
    font,
    color: rgb(0.6, 0.1, 0.1),
    maxWidth: size.width - 72,
  });
}

async function loadSource(store: BlobStore, key: string): Promise<PDFDocument | null> {
  const bytes = await store.getBuffer(key);
  if (!bytes) return null;
  try {
    return await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  } catch {
    // A PDF pdf-lib cannot parse (pdfjs read it): its pages are redrawn from the stored data instead.
    return null;
  }
}

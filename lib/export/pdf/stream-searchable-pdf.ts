import { ensurePageImage } from "@/lib/batches/ensure-page-image";
import type { Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";
import type { ExportPageOverride } from "../export-schemas";
import type { ExportDocument, ExportPage } from "../export-types";
import { readExportPages } from "../read-export-pages";
import { embeddablePng } from "./embeddable-png";
import { PdfPageCopier } from "./stream/copy-pdf-pages";
import { pdfPageSize } from "./page-size";
import { StreamedPdf, num } from "./stream/streamed-pdf";
import { textLayerOperators } from "./stream/text-layer-operators";
import { textOperators } from "./stream/text-operators";
import { wrapText } from "./wrap-text";

export interface WriteSearchablePdfOptions {
  db: Db;
  store: BlobStore;
  documents: ExportDocument[];
  overrides: Map<string, ExportPageOverride[]>;
  title: string;
  /** Aborts when the client goes away: the writer stops at the next page. */
  signal?: AbortSignal;
}

/**
 * The documents' original pages as one searchable PDF, written page by page: a digital PDF page
 * (text layer) is copied as it is (PdfPageCopier); a scanned, photographed or office page is its
 * stored image embedded as it is (its PNG data, see embeddablePng) with the (corrected) words
 * invisible at their boxes; a page without an image gets its words drawn visibly; a page not read
 * yet is a short note. Memory holds one page image, or one source PDF's parsed objects, at a time.
 */
export async function* streamSearchablePdf(options: WriteSearchablePdfOptions): AsyncGenerator<Uint8Array> {
  const pdf = await StreamedPdf.create(options.title);
  for (const document of options.documents) {
    let copier: PdfPageCopier | null | undefined;
    for await (const page of readExportPages({
      db: options.db,
      document,
      overrides: options.overrides.get(document.id),
      signal: options.signal,
    })) {
      const size = pdfPageSize(page);
      // An edited digital page is redrawn (its image with the corrected text layer), so the correction is what is found and copied.
      const copyable =
        page.status === "completed" && page.source === "text_layer" && document.detectedType === "pdf" && !page.edited;
      if (copyable && copier === undefined) copier = await openSource(options.store, document, pdf);
      if (page.status === "missing") pdf.addPage(size, missingNote(pdf, page, document.fileName, size));
      else if (copyable && copier && page.pageNumber <= copier.pageCount) pdf.copyPage(copier, page.pageNumber - 1);
      else await addReadPage(pdf, { ...page, documentId: document.id }, options, size);
      yield Buffer.concat(pdf.drain());
    }
    copier?.finish();
  }
  yield Buffer.concat(await pdf.finish());
}

/** The document's original PDF, ready to copy pages from; null when it cannot be (its pages are then redrawn). */
async function openSource(store: BlobStore, document: ExportDocument, pdf: StreamedPdf): Promise<PdfPageCopier | null> {
  const bytes = await store.getBuffer(document.storageKey);
  return bytes ? PdfPageCopier.open(bytes, pdf.writer) : null;
}

async function addReadPage(
  pdf: StreamedPdf,
  page: ExportPage & { documentId: string },
  { db, store }: Pick<WriteSearchablePdfOptions, "db" | "store">,
  size: { width: number; height: number },
): Promise<void> {
  const imageKey = page.imageKey;
  // A PDF's text page has its image rendered when first wanted (see ensurePageImage).
  const stored =
    imageKey !== null &&
    (await ensurePageImage({ db, store, documentId: page.documentId, pageNumber: page.pageNumber, imageKey }));
  const png = stored ? await store.getBuffer(imageKey) : null;
  const content: string[] = [];
  const images: Record<string, number> = {};
  if (png) {
    const image = await embeddablePng(png);
    images.Im0 = pdf.image(
      {
        Width: image.width,
        Height: image.height,
        BitsPerComponent: image.bitDepth,
        ColorSpace: image.colours === 1 ? "/DeviceGray" : "/DeviceRGB",
        Filter: "/FlateDecode",
        DecodeParms: `<< /Predictor 15 /Colors ${image.colours} /BitsPerComponent ${image.bitDepth} /Columns ${image.width} >>`,
      },
      image.data,
    );
    content.push(`q ${num(size.width)} 0 0 ${num(size.height)} 0 0 cm /Im0 Do Q`);
  }
  content.push(textLayerOperators(page, size, pdf.fonts, { invisible: png !== null }));
  pdf.addPage(size, content.join("\n"), images);
}

function missingNote(
  pdf: StreamedPdf,
  page: ExportPage,
  fileName: string,
  size: { width: number; height: number },
): string {
  const note = `${fileName}, page ${page.pageNumber}: ${page.error ?? "not available"}`;
  const lines = wrapText(note, (piece) => (pdf.fonts.widthOf(piece) * 11) / 1000, size.width - 72);
  return lines
    .map((line, index) =>
      textOperators(pdf.fonts.shape(line), {
        matrix: [1, 0, 0, 1, 36, size.height - 48 - index * 14],
        size: 11,
        gray: 0.35,
      }),
    )
    .join("\n");
}

import { ensurePageImage } from "@/lib/batches/ensure-page-image";
import type { Db } from "@/lib/db";
import type { ExportDocument, ExportPage } from "../export-types";
import { readExportPages } from "../read-export-pages";
import { embeddablePng } from "./draw-png-page";
import { pdfPageSize } from "./page-size";
import { StreamedPdf, num } from "./stream/streamed-pdf";
import { textLayerOperators } from "./stream/text-layer-operators";
import { textOperators } from "./stream/text-operators";
import type { WriteSearchablePdfOptions } from "./write-searchable-pdf";
import { wrapText } from "./wrap-text";

/**
 * Whether a searchable export must copy pages of a digital PDF as they are: that takes pdf-lib and
 * the whole file in memory (writeSearchablePdf). Without such pages it is streamed (streamSearchablePdf).
 */
export async function needsPageCopies(db: Db, documents: ExportDocument[]): Promise<boolean> {
  const pdfs = documents.filter((document) => document.detectedType === "pdf").map((document) => document.id);
  if (pdfs.length === 0) return false;
  return (
    (await db.page.findFirst({ where: { documentId: { in: pdfs }, source: "text_layer" }, select: { id: true } })) !==
    null
  );
}

/**
 * The searchable PDF of scanned, photographed and office pages, written page by page: each page's
 * stored image embedded as it is (its PNG data, see embeddablePng) with the (corrected) words
 * invisible at their boxes; a page without an image gets its words drawn visibly; a page not read
 * yet is a short note. One page image at a time is in memory, however many pages there are.
 */
export async function* streamSearchablePdf(options: WriteSearchablePdfOptions): AsyncGenerator<Uint8Array> {
  const pdf = await StreamedPdf.create(options.title);
  for (const document of options.documents) {
    for await (const page of readExportPages(options.db, document, options.overrides.get(document.id))) {
      const size = pdfPageSize(page);
      if (page.status === "missing") pdf.addPage(size, missingNote(pdf, page, document.fileName, size));
      else await addReadPage(pdf, { ...page, documentId: document.id }, options, size);
      yield Buffer.concat(pdf.drain());
    }
  }
  yield Buffer.concat(await pdf.finish());
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

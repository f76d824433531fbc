import sharp from "sharp";
import { ocrPoolSize } from "@/lib/ocr/tesseract-pool";
import { recognizeImage } from "@/lib/ocr/recognize-image";
import { DocumentError } from "../errors";
import { failedPage, mapWithLimit, pageFromLayout } from "../page-builder";
import { defaultImageDpi, type ReadOptions } from "../read-options";
import type { Page } from "../types";
import { loadPdfjs, openPdf } from "./load-pdf";
import { readPdfFormFields } from "./pdf-form-fields";
import { isUsableTextLayer, readPdfTextLayer } from "./pdf-text-layer";
import { assertRenderablePage, renderPdfPage, renderPdfPagePixels } from "./render-pdf-page";
import type { ScanImage } from "./scan-image";
import { scannedPageImage } from "./scanned-page-image";
import { openStoredImages, storedScanImage } from "./stored-scan-image";
import type { PDFDocument } from "pdf-lib";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

/** Above every tier's and model's pages per request (200), so such a PDF is refused by the page limit. */
const maxPagesCheckedAtUpload = 1000;

/** The page count, refusing (image_too_large) a page too large to render. */
export async function countPdfPages(bytes: Buffer, password?: string): Promise<number> {
  const document = await openPdf(bytes, password);
  try {
    // A page too large to render is refused here, at upload, rather than failing when it is read.
    // More pages than any tier takes in one request are refused by the page limit, unchecked.
    if (document.numPages <= maxPagesCheckedAtUpload)
      for (let number = 1; number <= document.numPages; number++) assertRenderablePage(await document.getPage(number));
    return document.numPages;
  } finally {
    await document.loadingTask.destroy();
  }
}

async function renderedPageImage(page: PDFPageProxy, dpi: number): Promise<ScanImage> {
  const rendered = await renderPdfPagePixels(page, dpi);
  return {
    input: rendered.rgba,
    decode: { raw: { width: rendered.width, height: rendered.height, channels: 4 } },
    width: rendered.width,
    height: rendered.height,
    dpi: rendered.dpi,
  };
}

/** The scan stored in the page, taken as it is stored when it is plain (JPEG or Flate), else as pdfjs decodes it. */
async function scanOfPage(
  page: PDFPageProxy,
  storedImages: () => Promise<PDFDocument | undefined>,
): Promise<ScanImage | undefined> {
  const stored = await storedImages();
  return (stored && (await storedScanImage(stored, page.pageNumber - 1, page.view))) ?? (await scannedPageImage(page));
}

interface PdfReading {
  options: ReadOptions;
  multiply: (a: number[], b: number[]) => number[];
  /** pdfjs's operator codes, to walk the glyphs a page shows. */
  ops: Record<string, number>;
  /** pdf-lib's view of the file, opened once and only when a page needs OCR. */
  storedImages: () => Promise<PDFDocument | undefined>;
}

async function readPdfPage(
  page: PDFPageProxy,
  pageNumber: number,
  { options, multiply, ops, storedImages }: PdfReading,
): Promise<Page> {
  const textLayer = await readPdfTextLayer(page, multiply, ops);
  const formFields = await readPdfFormFields(page);
  let result: Page;
  if (isUsableTextLayer(textLayer.text)) {
    result = pageFromLayout({
      pageNumber,
      layout: textLayer,
      width: textLayer.width,
      height: textLayer.height,
      unit: "pt",
      source: "text_layer",
    });
    if (options.renderImages) result.image = (await renderPdfPage(page, options.imageDpi ?? defaultImageDpi)).png;
  } else {
    const dpi = options.model.ocr?.targetDpi ?? 300;
    const scan = await scanOfPage(page, storedImages);
    // A scan finer than the model reads is rendered down to its resolution instead.
    const image = scan && scan.dpi <= dpi * 1.15 ? scan : await renderedPageImage(page, dpi);
    const ocr = await recognizeImage(image.input, { model: options.model, density: image.dpi, decode: image.decode });
    result = pageFromLayout({
      pageNumber,
      layout: ocr,
      width: textLayer.width,
      height: textLayer.height,
      unit: "pt",
      source: "ocr",
    });
    result.rulings = ocr.rulings;
    result.orientation = ocr.orientation;
    if (options.renderImages) result.image = await sharp(image.input, image.decode).png().toBuffer();
  }
  if (formFields.length > 0) result.formFields = formFields;
  return result;
}

/** Every page of a PDF: the text layer where it is usable, OCR of the rendered page otherwise. */
export async function readPdf(bytes: Buffer, options: ReadOptions): Promise<Page[]> {
  const document = await openPdf(bytes, options.password);
  const { Util, OPS } = await loadPdfjs();
  const multiply = (a: number[], b: number[]) => Util.transform(a, b) as number[];
  let stored: Promise<PDFDocument | undefined> | undefined;
  const reading: PdfReading = { options, multiply, ops: OPS, storedImages: () => (stored ??= openStoredImages(bytes)) };
  try {
    if (options.maxPages && document.numPages > options.maxPages) {
      throw new DocumentError(
        "too_many_pages",
        `The PDF has ${document.numPages} pages; at most ${options.maxPages} are allowed`,
      );
    }
    const pageNumbers = Array.from({ length: document.numPages }, (_, index) => index + 1);
    // One page more than there are OCR workers: while every worker reads, the next page is rendered
    // and normalised (main thread and sharp's pool), so no worker waits for its next image.
    return await mapWithLimit(pageNumbers, ocrPoolSize() + 1, async (pageNumber) => {
      let result: Page;
      try {
        const page = await document.getPage(pageNumber);
        try {
          result = await readPdfPage(page, pageNumber, reading);
        } finally {
          page.cleanup();
        }
      } catch (error) {
        result = failedPage(pageNumber, "text_layer", error);
      }
      await options.onPage?.(result);
      return result;
    });
  } finally {
    await document.loadingTask.destroy();
  }
}

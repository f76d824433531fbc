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
import { renderPdfPage, renderPdfPagePixels } from "./render-pdf-page";
import { scannedPageImage, type ScannedPageImage } from "./scanned-page-image";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

export async function countPdfPages(bytes: Buffer, password?: string): Promise<number> {
  const document = await openPdf(bytes, password);
  try {
    return document.numPages;
  } finally {
    await document.loadingTask.destroy();
  }
}

async function renderedPageImage(page: PDFPageProxy, dpi: number): Promise<ScannedPageImage> {
  const rendered = await renderPdfPagePixels(page, dpi);
  return { pixels: rendered.rgba, width: rendered.width, height: rendered.height, channels: 4, dpi };
}

async function readPdfPage(page: PDFPageProxy, pageNumber: number, options: ReadOptions, multiply: (a: number[], b: number[]) => number[]): Promise<Page> {
  const textLayer = await readPdfTextLayer(page, multiply);
  const formFields = await readPdfFormFields(page);
  let result: Page;
  if (isUsableTextLayer(textLayer.text)) {
    result = pageFromLayout({ pageNumber, layout: textLayer, width: textLayer.width, height: textLayer.height, unit: "pt", source: "text_layer" });
    if (options.renderImages) result.image = (await renderPdfPage(page, options.imageDpi ?? defaultImageDpi)).png;
  } else {
    const dpi = options.model.ocr?.targetDpi ?? 300;
    const scan = await scannedPageImage(page);
    // A scan finer than the model reads is rendered down to its resolution instead.
    const image = scan && scan.dpi <= dpi * 1.15 ? scan : await renderedPageImage(page, dpi);
    const raw = { width: image.width, height: image.height, channels: image.channels };
    const ocr = await recognizeImage(image.pixels, { model: options.model, density: image.dpi, decode: { raw } });
    result = pageFromLayout({ pageNumber, layout: ocr, width: textLayer.width, height: textLayer.height, unit: "pt", source: "ocr" });
    result.rulings = ocr.rulings;
    if (options.renderImages) result.image = await sharp(image.pixels, { raw }).png().toBuffer();
  }
  if (formFields.length > 0) result.formFields = formFields;
  return result;
}

/** Every page of a PDF: the text layer where it is usable, OCR of the rendered page otherwise. */
export async function readPdf(bytes: Buffer, options: ReadOptions): Promise<Page[]> {
  const document = await openPdf(bytes, options.password);
  const { Util } = await loadPdfjs();
  const multiply = (a: number[], b: number[]) => Util.transform(a, b) as number[];
  try {
    if (options.maxPages && document.numPages > options.maxPages) {
      throw new DocumentError("too_many_pages", `The PDF has ${document.numPages} pages; at most ${options.maxPages} are allowed`);
    }
    const pageNumbers = Array.from({ length: document.numPages }, (_, index) => index + 1);
    // One page more than there are OCR workers: while every worker reads, the next page is rendered
    // and normalised (main thread and sharp's pool), so no worker waits for its next image.
    return await mapWithLimit(pageNumbers, ocrPoolSize() + 1, async (pageNumber) => {
      let result: Page;
      try {
        const page = await document.getPage(pageNumber);
        try {
          result = await readPdfPage(page, pageNumber, options, multiply);
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

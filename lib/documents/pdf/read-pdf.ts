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
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

export async function countPdfPages(bytes: Buffer, password?: string): Promise<number> {
  const document = await openPdf(bytes, password);
  try {
    return document.numPages;
  } finally {
    await document.loadingTask.destroy();
  }
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
    const rendered = await renderPdfPagePixels(page, dpi);
    const raw = { width: rendered.width, height: rendered.height, channels: 4 as const };
    const ocr = await recognizeImage(rendered.rgba, { model: options.model, density: dpi, decode: { raw } });
    result = pageFromLayout({ pageNumber, layout: ocr, width: textLayer.width, height: textLayer.height, unit: "pt", source: "ocr" });
    result.rulings = ocr.rulings;
    if (options.renderImages) result.image = await sharp(rendered.rgba, { raw }).png().toBuffer();
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
    return await mapWithLimit(pageNumbers, Math.max(2, ocrPoolSize()), async (pageNumber) => {
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

import sharp from "sharp";
import { ocrPoolSize } from "@/lib/ocr/tesseract-pool";
import { recognizeImage } from "@/lib/ocr/recognize-image";
import { DocumentError } from "@/lib/errors/document-error";
import { failedPage, keptAfterListener, mapWithLimit, pageFromLayout } from "../page-builder";
import { withOcrPageSlot } from "../ocr-page-slots";
import { defaultImageDpi, pageStageClock, type PageStageClock, type ReadOptions } from "../read-options";
import type { Page } from "@/lib/pages/types";
import { loadPdfjs, openPdf, type OpenPdfOptions } from "./load-pdf";
import { readPdfFormFields } from "./pdf-form-fields";
import { isUsableTextLayer, readPdfTextLayer, type PdfTextLayer } from "./pdf-text-layer";
import { assertRenderablePage, renderPdfPage, renderPdfPagePixels } from "./render-pdf-page";
import type { ScanImage } from "./scan-image";
import { scannedPageImage } from "./scanned-page-image";
import { drawsOnlyAnImage, storedImagesOf, storedScanImage } from "./stored-scan-image";
import { openPdfLib } from "./open-pdf-lib";
import { readFontDescriptorMetrics, type VerticalMetrics } from "./font-descriptor-metrics";
import type { PDFDocument } from "pdf-lib";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import { sharedCache } from "../shared-cache";

/** Above every tier's and model's pages per request (200), so such a PDF is refused by the page limit. */
const maxPagesCheckedAtUpload = 1000;

/**
 * The page count, refusing a page too large to render (image_too_large) and a page tree that does not
 * lead to every page it counts (corrupt_document: a loop, a missing kid), so such a file is refused at
 * upload rather than failing, or being retried, when it is read.
 */
export async function countPdfPages(bytes: Buffer, options: OpenPdfOptions = {}): Promise<number> {
  return withOpenedPdf(bytes, options, async ({ document }) => {
    // More pages than any tier takes in one request are refused by the page limit, unchecked.
    if (document.numPages <= maxPagesCheckedAtUpload)
      for (let number = 1; number <= document.numPages; number++)
        assertRenderablePage(await findPage(document, number));
    return document.numPages;
  });
}

/** Page `number` as pdfjs finds it through the page tree; its failure (a loop, a missing object) is the file's damage. */
async function findPage(document: PDFDocumentProxy, number: number): Promise<PDFPageProxy> {
  try {
    return await document.getPage(number);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DocumentError(
      "corrupt_document",
      `The PDF is damaged: page ${number} of ${document.numPages} cannot be found (${reason.replace(/\.$/, "")})`,
      { cause: error },
    );
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

/**
 * The page image kept for the viewer, from the pixels OCR was given (nothing is decoded or rendered
 * again): flattened on white as the page shows it, in PNG's fastest compression, which writes a 300-DPI page several times faster
 * than the default for files about a third larger.
 */
async function storedPageImage(image: ScanImage): Promise<Buffer> {
  return sharp(image.input, image.decode)
    .flatten({ background: "#ffffff" })
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
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
  /** That view once a page of the file needed OCR (undefined before): the file is a scan, at least in part. */
  storedImagesOfScan: () => Promise<PDFDocument | undefined> | undefined;
  /** The fonts' ascents and descents from their descriptors (pdf-lib's view too), read once when a page has text. */
  fontMetrics: () => Promise<Map<string, VerticalMetrics>>;
}

async function readPdfPage(
  page: PDFPageProxy,
  pageNumber: number,
  { options, multiply, ops, storedImages, storedImagesOfScan, fontMetrics }: PdfReading,
): Promise<Page> {
  const clock = pageStageClock(options.onStageTime);
  const textLayer = (await isImageOnlyPageOfScan(page, storedImagesOfScan))
    ? noTextLayer(page)
    : await readPdfTextLayer({ page, multiply, ops, descriptorMetrics: fontMetrics });
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
    // "scans": a text page's picture is not needed to read it; the caller renders it when it is asked for.
    if (options.renderImages === true) {
      const dpi = options.imageDpi ?? defaultImageDpi;
      result.image = await clock.time("render", async () => (await renderPdfPage(page, dpi)).png);
    }
  } else {
    const size = { width: textLayer.width, height: textLayer.height };
    result = await clock.waitFor(withOcrPageSlot, () =>
      ocrPdfPage(page, pageNumber, size, { options, storedImages }, clock),
    );
  }
  if (formFields.length > 0) result.formFields = formFields;
  clock.finish();
  return result;
}

/**
 * A page of a file some of whose pages needed OCR (a scan), that draws one image and nothing else.
 * Its text layer, empty by construction, is not asked of pdfjs: reading it makes pdfjs load the image
 * stream, and then pdfjs holds the scan's bytes beside the file (see pdfjsSource in load-pdf).
 */
async function isImageOnlyPageOfScan(
  page: PDFPageProxy,
  storedImagesOfScan: PdfReading["storedImagesOfScan"],
): Promise<boolean> {
  const stored = await storedImagesOfScan();
  return stored !== undefined && drawsOnlyAnImage(stored, page.pageNumber - 1);
}

function noTextLayer(page: PDFPageProxy): PdfTextLayer {
  const viewport = page.getViewport({ scale: 1 });
  return { text: "", words: [], lines: [], blocks: [], confidence: 0, width: viewport.width, height: viewport.height };
}

/** A page without a usable text layer, read by OCR from its stored scan or its rendering. */
async function ocrPdfPage(
  page: PDFPageProxy,
  pageNumber: number,
  size: { width: number; height: number },
  { options, storedImages }: Pick<PdfReading, "options" | "storedImages">,
  clock: PageStageClock,
): Promise<Page> {
  const dpi = options.model.ocr?.targetDpi ?? 300;
  const scan = await scanOfPage(page, storedImages);
  // A scan finer than the model reads is rendered down to its resolution instead.
  const image = scan && scan.dpi <= dpi * 1.15 ? scan : await renderedPageImage(page, dpi);
  const ocr = await clock.time("ocr", () =>
    recognizeImage(image.input, {
      model: options.model,
      density: image.dpi,
      decode: image.decode,
      onSecondReadings: (ms) => clock.report("reread", ms),
    }),
  );
  const result = pageFromLayout({ pageNumber, layout: ocr, ...size, unit: "pt", source: "ocr" });
  result.rulings = ocr.rulings;
  result.orientation = ocr.orientation;
  if (options.renderImages) result.image = await clock.time("render", () => storedPageImage(image));
  return result;
}

interface OpenedPdf {
  document: PDFDocumentProxy;
  /** pdf-lib's view of the same file, for stored scans and font descriptors. */
  storedImages: PdfReading["storedImages"];
  storedImagesOfScan: PdfReading["storedImagesOfScan"];
  fontMetrics: PdfReading["fontMetrics"];
}

// The chunks of one document share its original (lib/batches/processing), so its PDF is parsed
// once per file rather than once per chunk, by pdfjs and by pdf-lib: a scanned file of 200 pages
// is 100 MB and more, held by each of them.
const openedPdfs = sharedCache<Buffer, OpenedPdf>({
  lingerMs: 1_000,
  close: (pdf) => pdf.document.loadingTask.destroy(),
});

async function withOpenedPdf<T>(
  bytes: Buffer,
  options: OpenPdfOptions,
  work: (pdf: OpenedPdf) => Promise<T>,
): Promise<T> {
  const open = async (): Promise<OpenedPdf> => {
    const document = await openPdf(bytes, options);
    let parsed: Promise<PDFDocument | undefined> | undefined;
    const pdfLib = () => (parsed ??= openPdfLib(bytes));
    let scanned: Promise<PDFDocument | undefined> | undefined;
    let fonts: Promise<Map<string, VerticalMetrics>> | undefined;
    return {
      document,
      storedImages: () => (scanned ??= pdfLib().then(storedImagesOf)),
      storedImagesOfScan: () => scanned,
      fontMetrics: () =>
        (fonts ??= pdfLib().then((parsedPdf) => (parsedPdf ? readFontDescriptorMetrics(parsedPdf) : new Map()))),
    };
  };
  if (options.password === undefined && !options.handOver) return openedPdfs.with(bytes, open, work);
  // A protected file is opened for its reader alone: another caller may hold the same bytes with another
  // password. So are bytes handed over: nobody else can read them after.
  const pdf = await open();
  try {
    return await work(pdf);
  } finally {
    await pdf.document.loadingTask.destroy();
  }
}

/** Every page of a PDF: the text layer where it is usable, OCR of the rendered page otherwise. */
export async function readPdf(bytes: Buffer, options: ReadOptions): Promise<Page[]> {
  const { Util, OPS } = await loadPdfjs();
  const multiply = (a: number[], b: number[]) => Util.transform(a, b) as number[];
  return withOpenedPdf(bytes, { password: options.password }, async (opened) => {
    const { document } = opened;
    const reading: PdfReading = { options, multiply, ops: OPS, ...opened };
    if (options.maxPages && document.numPages > options.maxPages) {
      throw new DocumentError(
        "too_many_pages",
        `The PDF has ${document.numPages} pages; at most ${options.maxPages} are allowed`,
      );
    }
    const pageNumbers = Array.from({ length: document.numPages }, (_, index) => index + 1).filter(
      (pageNumber) => !options.pages || options.pages.includes(pageNumber),
    );
    // One page more than there are OCR workers: while every worker reads, the next page is rendered
    // and normalised (main thread and sharp's pool), so no worker waits for its next image.
    return mapWithLimit(pageNumbers, ocrPoolSize() + 1, async (pageNumber) => {
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
      return keptAfterListener(result, options.onPage);
    });
  });
}

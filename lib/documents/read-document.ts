import { resolveModel, tokensForPages, type ModelVersion } from "@/lib/models";
import { currentOcrEngine, type OcrEngine } from "@/lib/ocr/recognize-image";
import { checkArchiveLimits, isZipArchive } from "./archive/check-archive-limits";
import { detectType } from "./detect-type";
import { DocumentError } from "@/lib/errors/document-error";
import type { FormatInfo } from "./formats";
import { readImage } from "./images/read-image";
import { convertWithLibreOffice } from "./office/convert-with-libreoffice";
import { readInWorker } from "./office/read-in-worker";
import { readPdf } from "./pdf/read-pdf";
import { readOfficeAsPdf } from "./office/read-office-as-pdf";
import type { ReadOptions } from "./read-options";
import type { Page } from "@/lib/pages/types";

export interface ReadDocumentInput {
  bytes: Buffer;
  /** Only breaks ties between text formats (csv, md, txt…); the bytes decide the type. */
  fileName?: string;
  /** Model id or alias (default docsvc-OCR-v1), or an already resolved version. */
  model?: string | ModelVersion;
  password?: string;
  /** See ReadOptions.renderImages. */
  renderImages?: boolean | "scans";
  imageDpi?: number;
  maxPages?: number;
  maxPixels?: number;
  /** See ReadOptions.pages. */
  pages?: number[];
  /** Told how long each page spent reading, rendering its image and in OCR. */
  onStageTime?: ReadOptions["onStageTime"];
  /** Called as each page is finished (in completion order, which may differ from page order). */
  onPage?: (page: Page) => void | Promise<void>;
}

export interface ReadDocumentResult {
  type: FormatInfo;
  model: string;
  pages: Page[];
  /** Pages read without error: what is charged. */
  pagesProcessed: number;
  tokens: number;
  /** The OCR engine that read at least one page, or null when no page needed OCR. */
  engine: OcrEngine | null;
  processingTimeMs: number;
}

async function readByFormat(bytes: Buffer, format: FormatInfo, options: ReadOptions): Promise<Page[]> {
  switch (format.reader) {
    case "pdf":
      return readPdf(bytes, options);
    case "image":
      return readImage(bytes, format, options);
    case "docx":
    case "sheet":
    case "csv":
    case "pptx": {
      const reader = format.reader;
      return readOfficeAsPdf({
        bytes,
        format,
        options,
        readNatively: () => readInWorker({ reader, formatId: format.id, bytes }),
      });
    }
    case "text":
      return readInWorker({ reader: format.reader, formatId: format.id, bytes });
    case "libreoffice-pdf": {
      const converting = performance.now();
      const pdf = await convertWithLibreOffice(bytes, {
        inputExtension: format.extensions[0],
        target: "pdf",
        formatName: format.name,
      });
      options.onStageTime?.("read", performance.now() - converting);
      // The printed PDF is not kept, so its text pages' images are made now rather than on demand.
      const renderImages = options.renderImages ? true : undefined;
      const pages = await readPdf(pdf, { ...options, renderImages, password: undefined, pages: undefined });
      return pages.map((page) => (page.source === "text_layer" ? { ...page, source: "office" } : page));
    }
    case "libreoffice-xlsx":
      return readOfficeAsPdf({
        bytes,
        format,
        options,
        readNatively: async () => {
          const workbook = await convertWithLibreOffice(bytes, {
            inputExtension: format.extensions[0],
            target: "xlsx",
            formatName: format.name,
          });
          await checkArchiveLimits(workbook);
          return readInWorker({ reader: "sheet", formatId: "xlsx", bytes: workbook });
        },
      });
  }
}

/** Readers that report each page as it is finished, with its stage times. */
function pagesTimedByReader(type: FormatInfo): boolean {
  return type.reader === "pdf" || type.reader === "image" || type.reader === "libreoffice-pdf";
}

/**
 * Read any supported document into pages with text, words, lines and blocks (boxes normalised
 * 0–1). Throws DocumentError for unsupported, empty, corrupt, protected or oversized input and
 * ModelError for a bad model; a single failing page is reported on that page instead.
 */
export async function readDocument(input: ReadDocumentInput): Promise<ReadDocumentResult> {
  const started = performance.now();
  const model = typeof input.model === "object" ? input.model : resolveModel(input.model, { kind: "ocr" });
  const type = await detectType(input.bytes, input.fileName);
  if (isZipArchive(input.bytes)) await checkArchiveLimits(input.bytes);
  const options: ReadOptions = {
    model,
    password: input.password,
    renderImages: input.renderImages,
    imageDpi: input.imageDpi,
    maxPages: input.maxPages,
    maxPixels: input.maxPixels,
    pages: input.pages,
    onPage: input.onPage,
    onStageTime: input.onStageTime,
  };
  const readStarted = performance.now();
  let pages = await readByFormat(input.bytes, type, options);
  // Readers without pages of their own (office, text) are timed as one reading.
  if (!pagesTimedByReader(type)) input.onStageTime?.("read", performance.now() - readStarted);
  if (pages.length === 0) throw new DocumentError("empty_document", "The document has no pages");
  if (input.maxPages && pages.length > input.maxPages) {
    throw new DocumentError(
      "too_many_pages",
      `The document has ${pages.length} pages; at most ${input.maxPages} are allowed`,
    );
  }
  if (!pagesTimedByReader(type) && input.onPage) {
    for (const page of pages) await input.onPage(page);
  }
  pages = pages.sort((a, b) => a.pageNumber - b.pageNumber);
  const pagesProcessed = pages.filter((page) => !page.error).length;
  return {
    type,
    model: model.id,
    pages,
    pagesProcessed,
    tokens: tokensForPages(model, pagesProcessed),
    engine: pages.some((page) => page.source === "ocr") ? currentOcrEngine() : null,
    processingTimeMs: Math.round(performance.now() - started),
  };
}

import JSZip from "jszip";
import { PDFArray, PDFDict, PDFName } from "pdf-lib";
import { checkArchiveLimits, isZipArchive } from "./archive/check-archive-limits";
import { detectType } from "./detect-type";
import type { FormatInfo } from "./formats";
import { assertImageDecodes, countImageFrames } from "./images/image-frames";
import { readInWorker } from "./office/read-in-worker";
import { DocumentError } from "@/lib/errors/document-error";
import { openPdfLib } from "./pdf/open-pdf-lib";
import { countPdfPages } from "./pdf/read-pdf";

export interface DocumentInspection {
  type: FormatInfo;
  /** Pages the document will produce; null when only a LibreOffice conversion could tell. */
  pageCount: number | null;
}

/** A page tree whose root has no kids: a PDF of zero pages. False when pdf-lib cannot tell (no catalog, no tree). */
async function hasEmptyPageTree(bytes: Buffer): Promise<boolean> {
  const document = await openPdfLib(bytes);
  try {
    const pages = document?.catalog.lookupMaybe(PDFName.of("Pages"), PDFDict);
    const kids = pages?.lookupMaybe(PDFName.of("Kids"), PDFArray);
    return pages !== undefined && (kids === undefined || kids.size() === 0);
  } catch {
    // A damaged file pdf-lib opened anyway (no catalog, a Pages entry of the wrong type): not known to be empty.
    return false;
  }
}

// Called only after checkArchiveLimits, so unpacking presentation.xml is bounded.
async function countSlides(bytes: Buffer): Promise<number> {
  const zip = await JSZip.loadAsync(bytes);
  const presentation = (await zip.file("ppt/presentation.xml")?.async("string")) ?? "";
  return (presentation.match(/<p:sldId\b/g) ?? []).length;
}

/**
 * Type and page count without OCR or rendering, for early page-limit checks. Office archives are
 * measured against their limits first, and laid out in a worker (their page count comes from layout).
 * A file that cannot be read at all (damaged, empty) is refused here, naming it, so an upload is
 * answered at once instead of failing, or waiting for a reader, later.
 */
export async function inspectDocument(
  bytes: Buffer,
  options: {
    fileName?: string;
    password?: string;
    /** The caller does not read `bytes` afterwards: a PDF's reader may take their memory (see OpenPdfOptions). */
    handOver?: boolean;
  } = {},
): Promise<DocumentInspection> {
  try {
    return await inspectBytes(bytes, options);
  } catch (error) {
    throw options.fileName ? namingTheFile(error, options.fileName) : error;
  }
}

/** A damaged or empty file's refusal with its name in front, for a client that sent several. */
function namingTheFile(error: unknown, fileName: string): unknown {
  if (!(error instanceof DocumentError) || error.message.includes(fileName)) return error;
  if (error.code !== "corrupt_document" && error.code !== "empty_document") return error;
  return new DocumentError(error.code, `${fileName}: ${error.message}`, { cause: error });
}

async function inspectBytes(
  bytes: Buffer,
  options: { fileName?: string; password?: string; handOver?: boolean },
): Promise<DocumentInspection> {
  const type = await detectType(bytes, options.fileName);
  if (isZipArchive(bytes)) await checkArchiveLimits(bytes);
  switch (type.reader) {
    case "pdf": {
      const name = options.fileName || "The PDF";
      const noPages = (cause?: unknown) => new DocumentError("empty_document", `${name} has no pages`, { cause });
      // A page tree without kids has no page, whatever its /Count says or a reader's recovery of a damaged file counts.
      const isEmpty = async () => !options.handOver && (await hasEmptyPageTree(bytes));
      const pageCount = await countPdfPages(bytes, { password: options.password, handOver: options.handOver }).catch(
        async (error: unknown) => {
          if (error instanceof DocumentError && error.code === "empty_document") throw noPages(error);
          if (error instanceof DocumentError && error.code === "corrupt_document" && (await isEmpty()))
            throw noPages(error);
          throw error;
        },
      );
      if (pageCount === 1 && (await isEmpty())) throw noPages();
      return { type, pageCount };
    }
    case "image": {
      const pageCount = await countImageFrames(bytes, type);
      // A single picture that does not decode is the whole file damaged; a multi-page TIFF's damaged
      // page fails alone when it is read, as a PDF's does.
      if (pageCount === 1) await assertImageDecodes(bytes, type);
      return { type, pageCount };
    }
    case "pptx":
      return { type, pageCount: await countSlides(bytes) };
    case "docx":
    case "sheet":
    case "csv":
    case "text":
      return { type, pageCount: (await readInWorker({ reader: type.reader, formatId: type.id, bytes })).length };
    default:
      return { type, pageCount: null };
  }
}

import JSZip from "jszip";
import { PDFArray, PDFDict, PDFName } from "pdf-lib";
import { checkArchiveLimits, isZipArchive } from "./archive/check-archive-limits";
import { detectType } from "./detect-type";
import type { FormatInfo } from "./formats";
import { countImageFrames } from "./images/image-frames";
import { readInWorker } from "./office/read-in-worker";
import { DocumentError } from "@/lib/errors/document-error";
import { openPdfLib } from "./pdf/open-pdf-lib";
import { countPdfPages } from "./pdf/read-pdf";

export interface DocumentInspection {
  type: FormatInfo;
  /** Pages the document will produce; null when only a LibreOffice conversion could tell. */
  pageCount: number | null;
}

/** A page tree whose root has no kids: a PDF of zero pages. */
async function hasEmptyPageTree(bytes: Buffer): Promise<boolean> {
  const document = await openPdfLib(bytes);
  const pages = document?.catalog.lookupMaybe(PDFName.of("Pages"), PDFDict);
  const kids = pages?.lookupMaybe(PDFName.of("Kids"), PDFArray);
  return pages !== undefined && (kids === undefined || kids.size() === 0);
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
  const type = await detectType(bytes, options.fileName);
  if (isZipArchive(bytes)) await checkArchiveLimits(bytes);
  switch (type.reader) {
    case "pdf": {
      const name = options.fileName || "The PDF";
      const pageCount = await countPdfPages(bytes, { password: options.password, handOver: options.handOver }).catch(
        (error: unknown) => {
          if (error instanceof DocumentError && error.code === "empty_document")
            throw new DocumentError("empty_document", `${name} has no pages`, { cause: error });
          throw error;
        },
      );
      // A page tree without kids has no page, whatever a reader's recovery of a damaged file counts.
      if (pageCount === 1 && !options.handOver && (await hasEmptyPageTree(bytes)))
        throw new DocumentError("empty_document", `${name} has no pages`);
      return { type, pageCount };
    }
    case "image":
      return { type, pageCount: await countImageFrames(bytes, type) };
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

import path from "node:path";
import type { PDFDocumentProxy } from "pdfjs-dist/types/src/display/api";
import { DocumentError } from "@/lib/errors/document-error";
import { assertPdfStreamsBounded } from "./check-pdf-streams";

// pdfjs-dist's legacy build is the one that runs in Node. Font and CMap data are read from the
// package folder under process.cwd() (robust under the Next.js bundler, which rewrites
// require.resolve); without them non-embedded fonts render wrong.

type Pdfjs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjsModule: Promise<Pdfjs> | undefined;

export function loadPdfjs(): Promise<Pdfjs> {
  pdfjsModule ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  return pdfjsModule;
}

function packageFolder(sub: string): string {
  return path.join(process.cwd(), "node_modules", "pdfjs-dist", sub) + path.sep;
}

export interface OpenPdfOptions {
  password?: string;
  /**
   * The caller reads `bytes` for this opening alone (an upload's page count): pdfjs takes their memory
   * instead of a copy, which for a 200-page scan is 100 MB less at the upload, and leaves them empty.
   */
  handOver?: boolean;
}

/** The byte ranges pdfjs asks for at a time when it reads a file in ranges (its own default). */
const rangeChunkBytes = 64 * 1024;

/**
 * `bytes` as pdfjs takes them. It detaches an array it is given, so bytes handed over (memory of
 * their own) are given as they are; bytes the caller keeps are served in ranges as pdfjs asks for
 * them, instead of as a copy. pdfjs then holds only the ranges it has read: for a scanned page the
 * page's objects and the ends of its image, whose pixels are taken from the stored file (pdf-lib's
 * views of the same bytes) unless pdfjs must decode them. For a 200-page scan, most of 70 MB.
 */
function pdfjsSource(pdfjs: Pdfjs, bytes: Buffer, handOver: boolean) {
  const ownsItsMemory = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  if (handOver && ownsItsMemory && bytes.buffer instanceof ArrayBuffer) return { data: new Uint8Array(bytes.buffer) };
  const range = new pdfjs.PDFDataRangeTransport(bytes.length, null);
  // A copy of each range: pdfjs takes the memory of what it is given.
  range.requestDataRange = (begin: number, end: number) =>
    queueMicrotask(() => range.onDataRange(begin, Uint8Array.prototype.slice.call(bytes, begin, end)));
  return {
    range,
    length: bytes.length,
    rangeChunkSize: rangeChunkBytes,
    // Only the ranges a reading needs: not the rest of the file in the background, nor the whole file at first.
    disableAutoFetch: true,
    disableStream: true,
  };
}

/**
 * Open a PDF; maps pdfjs failures to DocumentError (password_required, invalid_password, corrupt_document,
 * empty_document), and refuses one whose streams inflate past their limits (document_too_large) first.
 */
export async function openPdf(bytes: Buffer, options: OpenPdfOptions = {}): Promise<PDFDocumentProxy> {
  const { password } = options;
  assertPdfStreamsBounded(bytes);
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    ...pdfjsSource(pdfjs, bytes, options.handOver === true),
    password,
    standardFontDataUrl: packageFolder("standard_fonts"),
    cMapUrl: packageFolder("cmaps"),
    cMapPacked: true,
    verbosity: 0,
  });
  let document: PDFDocumentProxy;
  try {
    document = await task.promise;
  } catch (error) {
    await task.destroy();
    if (error instanceof pdfjs.PasswordException) {
      throw error.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD
        ? new DocumentError("invalid_password", "The password does not open this PDF")
        : new DocumentError(
            "password_required",
            "This PDF is protected by a password: send it in the password parameter",
          );
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new DocumentError("corrupt_document", `The PDF cannot be read: ${message}`, { cause: error });
  }
  if (document.numPages === 0) {
    await document.loadingTask.destroy();
    throw new DocumentError("empty_document", "The PDF has no pages");
  }
  return document;
}

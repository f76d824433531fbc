import { PDFDocument } from "pdf-lib";

// pdf-lib's view of a PDF, for what pdfjs does not expose: the stored bytes of a page's scan and
// the font descriptors' own metrics. Opened once per read, only when a page needs it.

/** The document as pdf-lib parses it, encrypted ones included (their names and numbers are plain); undefined when unparsable. */
export async function openPdfLib(bytes: Buffer): Promise<PDFDocument | undefined> {
  try {
    return await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: false,
    });
  } catch {
    return undefined;
  }
}

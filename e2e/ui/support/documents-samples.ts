import { makeTextPdf } from "../../../lib/documents/testing/make-pdfs";
import { renderTextImage } from "../../../lib/documents/testing/render-text-image";

// Generated inputs for the document screens: small, so reading them takes seconds.

export interface SampleFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A "scanned" receipt: text rendered to a PNG with sharp from SVG, so only OCR can read it. */
export async function scannedReceiptPng(): Promise<SampleFile> {
  const buffer = await renderTextImage(["RECEIPT 7731", "Amount: 42.00 EUR"], { fontSize: 44 });
  return { name: "receipt-scan.png", mimeType: "image/png", buffer };
}

/** An invoice PDF with a text layer; every page says which page it is. */
export async function invoicePdf(name: string, invoiceNumber: string, pageCount = 1): Promise<SampleFile> {
  const pages = Array.from({ length: pageCount }, (_, index) =>
    index === 0
      ? ["INVOICE", `Invoice number: ${invoiceNumber}`, "Date: 2025-03-14", "Total: 120.50 EUR"]
      : [`Appendix page ${index + 1}`, `Reference: ${invoiceNumber}-${index + 1}`],
  );
  return { name, mimeType: "application/pdf", buffer: await makeTextPdf(pages) };
}

import { PDFDocument, StandardFonts } from "pdf-lib";

/** A one-page PDF with a text layer: the smallest document /v1/extract answers at once. */
export async function onePageInvoicePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = ["INVOICE", "Invoice number: INV-2024-001", "Date: 2024-03-01", "Total: 42.00 EUR"];
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 760 - index * 24, size: 14, font }));
  return Buffer.from(await pdf.save());
}

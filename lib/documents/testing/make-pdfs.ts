import { PDFDocument, StandardFonts } from "pdf-lib";

/** A digital PDF: each page's lines drawn as real text (a text layer). */
export async function makeTextPdf(pages: string[][], options: { fontSize?: number } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const size = options.fontSize ?? 12;
  for (const lines of pages) {
    const page = document.addPage([612, 792]);
    lines.forEach((line, index) => page.drawText(line, { x: 72, y: 720 - index * size * 1.6, size, font }));
  }
  return Buffer.from(await document.save());
}

/** A scanned-looking PDF: each page is one PNG image, no text layer. */
export async function makeImagePdf(pngPages: Buffer[], pointsPerPixel = 72 / 300): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (const png of pngPages) {
    const image = await document.embedPng(png);
    const page = document.addPage([image.width * pointsPerPixel, image.height * pointsPerPixel]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await document.save());
}

/** A PDF form with filled text fields. */
export async function makeFilledFormPdf(fields: Record<string, string>): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  const form = document.getForm();
  Object.entries(fields).forEach(([name, value], index) => {
    const y = 700 - index * 40;
    page.drawText(`${name}:`, { x: 72, y: y + 6, size: 12, font });
    const field = form.createTextField(name);
    field.setText(value);
    field.addToPage(page, { x: 220, y, width: 200, height: 22, font });
  });
  return Buffer.from(await document.save());
}

import { readFile } from "node:fs/promises";
import fontkit from "@pdf-lib/fontkit";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";

// Digital PDFs whose word boxes are hard to get right: proportional and monospaced standard fonts,
// an embedded TrueType font, narrow and wide letters in one word (ACME, SUPPLY, "illicit"), sizes
// from 8 to 20 pt, and a line of text turned 90° and another turned 30°.

const dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

export async function makeMixedFontPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const helvetica = await document.embedFont(StandardFonts.Helvetica);
  const times = await document.embedFont(StandardFonts.TimesRoman);
  const courier = await document.embedFont(StandardFonts.Courier);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  // Not subset: fontkit's subsetting corrupts some fonts (pdf-lib issues 494, 1232).
  const dejaVu = await document.embedFont(await readFile(dejaVuPath), { subset: false });
  const page = document.addPage([612, 792]);
  const rows: Array<{ text: string; font: typeof helvetica; size: number }> = [
    { text: "ACME SUPPLY COMPANY  Invoice 2024-0117", font: bold, size: 20 },
    { text: "illicit William minimum WWW MMM iiii lllll", font: helvetica, size: 14 },
    { text: "Date: 14 March 2024   Due: 13 April 2024", font: times, size: 12 },
    { text: "Steel brackets, galvanised   40 x 3.25 = 130.00", font: courier, size: 10 },
    { text: "Payment within thirty days; fees apply after.", font: dejaVu, size: 11 },
    { text: "Small print: terms and conditions overleaf.", font: times, size: 8 },
  ];
  rows.forEach((row, index) => page.drawText(row.text, { x: 60, y: 720 - index * 40, size: row.size, font: row.font }));
  page.drawText("Rotated margin note", { x: 560, y: 300, size: 12, font: helvetica, rotate: degrees(90) });
  page.drawText("Stamped APPROVED copy", { x: 150, y: 200, size: 14, font: dejaVu, rotate: degrees(30) });
  return Buffer.from(await document.save());
}

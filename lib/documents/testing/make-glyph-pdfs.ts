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

/**
 * A PDF in a Type 3 font (glyphs drawn by content streams, widths in glyph space through a
 * non-standard FontMatrix): "wide" letters are 900 units, "i" and "l" 250, so counting
 * characters misplaces every word. Written by hand: pdf-lib cannot make Type 3 fonts.
 */
export function makeType3FontPdf(): Buffer {
  return type3FontPdf("BT /T3 12 Tf 72 700 Td (wall mill iiii wwww ill will) Tj 0 -40 Td (lilla mama wail) Tj ET", {
    32: "space",
  });
}

/**
 * The same font, encoded the way LibreOffice encodes its font subsets: character code 32 draws a
 * period and the space glyph sits at another code, so a reader that takes code 32 for a space is wrong.
 * Reads "wall mill will. iiii wwww."
 */
export function makeSubsetCodesPdf(): Buffer {
  return type3FontPdf("BT /T3 12 Tf 72 700 Td (wall!mill!will !iiii!wwww ) Tj ET", { 32: "period", 33: "space" });
}

function type3FontPdf(content: string, extraCodes: Record<number, "space" | "period">): Buffer {
  const widths: Record<string, number> = { w: 900, m: 900, i: 250, l: 250, a: 500, period: 250, space: 250 };
  const inked = ["w", "m", "i", "l", "a", "period"];
  const procs = inked.map(
    (glyph) => `${widths[glyph]} 0 0 0 ${widths[glyph] - 50} 700 d1 0 0 ${widths[glyph] - 50} 700 re f`,
  );
  const glyphNames = [...inked, "space"];
  const procFor = (glyph: string) => (glyph === "space" ? `${widths.space} 0 d0` : procs[inked.indexOf(glyph)]);
  const firstChar = 32;
  const glyphAt = (code: number) => {
    const letter = String.fromCharCode(code);
    return extraCodes[code] ?? (letter in widths && inked.includes(letter) ? letter : "a");
  };
  const codes = Array.from({ length: 123 - firstChar }, (_, index) => glyphAt(firstChar + index));
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /T3 4 0 R >> >> /Contents 5 0 R >>",
    `<< /Type /Font /Subtype /Type3 /FontBBox [0 0 900 700] /FontMatrix [0.002 0 0 0.002 0 0] /CharProcs << ${glyphNames.map((glyph, index) => `/${glyph} ${6 + index} 0 R`).join(" ")} >> ` +
      `/Encoding << /Type /Encoding /Differences [${firstChar} ${codes.map((glyph) => `/${glyph}`).join(" ")}] >> ` +
      `/FirstChar ${firstChar} /LastChar ${firstChar + codes.length - 1} /Widths [${codes.map((glyph) => widths[glyph]).join(" ")}] /Resources << >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...glyphNames.map(procFor).map((proc) => `<< /Length ${proc.length} >>\nstream\n${proc}\nendstream`),
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

import { degrees, setCharacterSqueeze, type PDFFont, type PDFPage } from "pdf-lib";
import type { Box } from "@/lib/documents/types";
import { turnedRectangle } from "@/lib/documents/word-corners";
import type { FillFonts } from "@/lib/fill/pdf/unicode-font";
import type { ExportPage } from "../export-types";

/**
 * Draws each word over its box, the way ocrmypdf makes scans searchable: every word of a line on the
 * line's baseline at the line's size, squeezed or stretched (Tz) to its box's width, and invisible
 * (opacity 0) over a page image, so readers search, select and copy it and text extraction reads
 * lines whole and in stored reading order. A turned word (angle) is drawn along its own turned
 * rectangle, so a selection follows the tilted text. Without an image (office pages) the words are drawn visibly.
 */
export async function drawTextLayer(
  pdfPage: PDFPage,
  page: ExportPage,
  fonts: FillFonts,
  options: { invisible: boolean },
): Promise<void> {
  const { width, height } = pdfPage.getSize();
  for (const [index, word] of page.words.entries()) {
    const text = word.text.replace(/[\u0000-\u001f]/g, "").trim();
    if (!text) continue;
    const { font } = await fonts.fontFor(text);
    if (word.angle) {
      drawTurnedWord(pdfPage, text, font, word.box, word.angle, options.invisible);
      continue;
    }
    const line = lineBoxOf(page, index) ?? word.box;
    const lineHeight = line.height * height;
    const size = Math.max(lineHeight * 0.8, 1);
    const naturalWidth = font.widthOfTextAtSize(text, size);
    const squeeze =
      naturalWidth > 0 ? Math.min(Math.max(((word.box.width * width) / naturalWidth) * 100, 5), 500) : 100;
    pdfPage.pushOperators(setCharacterSqueeze(squeeze));
    pdfPage.drawText(text, {
      x: word.box.x * width,
      // Baseline a fifth of the line above its bottom: room for descenders.
      y: height - (line.y + line.height) * height + lineHeight * 0.2,
      size,
      font,
      opacity: options.invisible ? 0 : 1,
    });
  }
  pdfPage.pushOperators(setCharacterSqueeze(100));
}

function lineBoxOf(page: ExportPage, wordIndex: number): Box | undefined {
  return page.lines.find((line) => wordIndex >= line.firstWord && wordIndex < line.firstWord + line.wordCount)?.box;
}

/**
 * A word turned clockwise by `angle` in the image: the text starts at its rectangle's left end, on a
 * baseline a fifth of its height above the bottom edge, and is rotated by the same turn (PDF angles
 * run counter-clockwise with y up, hence the sign).
 */
function drawTurnedWord(pdfPage: PDFPage, text: string, font: PDFFont, box: Box, angle: number, invisible: boolean) {
  const { width, height } = pdfPage.getSize();
  const rectangle = turnedRectangle(box, angle, width, height);
  const radians = (angle * Math.PI) / 180;
  const [ux, uy] = [Math.cos(radians), Math.sin(radians)];
  const [vx, vy] = [-uy, ux];
  const along = -rectangle.length / 2;
  const across = rectangle.thickness / 2 - rectangle.thickness * 0.2;
  const size = Math.max(rectangle.thickness * 0.8, 1);
  const naturalWidth = font.widthOfTextAtSize(text, size);
  const squeeze = naturalWidth > 0 ? Math.min(Math.max((rectangle.length / naturalWidth) * 100, 5), 500) : 100;
  pdfPage.pushOperators(setCharacterSqueeze(squeeze));
  pdfPage.drawText(text, {
    x: rectangle.centreX * width + ux * along + vx * across,
    y: height - (rectangle.centreY * height + uy * along + vy * across),
    size,
    font,
    rotate: degrees(-angle),
    opacity: invisible ? 0 : 1,
  });
}

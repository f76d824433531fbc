import { setCharacterSqueeze, type PDFPage } from "pdf-lib";
import type { Box } from "@/lib/documents/types";
import type { FillFonts } from "@/lib/fill/pdf/unicode-font";
import type { ExportPage } from "../export-types";

/**
 * Draws each word over its box, the way ocrmypdf makes scans searchable: every word of a line on the
 * line's baseline at the line's size, squeezed or stretched (Tz) to its box's width, and invisible
 * (opacity 0) over a page image, so readers search, select and copy it and text extraction reads
 * lines whole and in stored reading order. Without an image (office pages) the words are drawn visibly.
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

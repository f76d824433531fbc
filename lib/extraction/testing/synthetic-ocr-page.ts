import { assembleLayout } from "@/lib/pages/layout";
import type { Page, Word } from "@/lib/pages/types";

// OCR-shaped pages for the layout tests: words placed as a scan's OCR reports them, so each test
// states the layout it is about (columns read as separate lines, values under labels, gaps).

export const charWidth = 0.008;
export const lineHeight = 0.012;

/**
 * A line of words starting at (x, y), one space between words; a word written ">word" starts
 * after a wide gap (a column apart), "~word" after a gap of a few characters.
 */
export function line(x: number, y: number, text: string, confidence = 0.95): Word[] {
  const words: Word[] = [];
  let left = x;
  for (const token of text.split(" ")) {
    const gap = token.startsWith(">") ? 0.12 : token.startsWith("~") ? 0.03 : 0;
    const word = token.replace(/^[>~]/, "");
    words.push({
      text: word,
      confidence,
      box: { x: left + gap, y, width: word.length * charWidth, height: lineHeight },
    });
    left += gap + word.length * charWidth + charWidth;
  }
  return words;
}

/** A page from blocks of lines, in the order OCR would list them. */
export function ocrPage(blocks: Word[][][]): Page {
  return { pageNumber: 1, width: 2480, height: 3508, unit: "px", source: "ocr", ...assembleLayout(blocks) };
}

import { unionBox } from "@/lib/documents/layout";
import type { Box, Page } from "@/lib/documents/types";

// Page text is built as blocks joined by blank lines, lines by newlines and words by spaces
// (lib/documents/layout.ts), so each word's character range in page.text can be recomputed.

const cache = new WeakMap<Page, Array<[number, number]>>();

export function wordOffsets(page: Page): Array<[number, number]> {
  const cached = cache.get(page);
  if (cached) return cached;
  const offsets: Array<[number, number]> = new Array(page.words.length);
  let position = 0;
  page.blocks.forEach((block, blockIndex) => {
    if (blockIndex > 0) position += 2;
    for (let lineIndex = block.firstLine; lineIndex < block.firstLine + block.lineCount; lineIndex++) {
      if (lineIndex > block.firstLine) position += 1;
      const line = page.lines[lineIndex];
      for (let wordIndex = line.firstWord; wordIndex < line.firstWord + line.wordCount; wordIndex++) {
        if (wordIndex > line.firstWord) position += 1;
        const length = page.words[wordIndex].text.length;
        offsets[wordIndex] = [position, position + length];
        position += length;
      }
    }
  });
  cache.set(page, offsets);
  return offsets;
}

/** Indexes of the words covering a character range of page.text. */
export function wordsInRange(page: Page, start: number, end: number): number[] {
  const indexes: number[] = [];
  wordOffsets(page).forEach(([wordStart, wordEnd], index) => {
    if (wordStart < end && wordEnd > start) indexes.push(index);
  });
  return indexes;
}

export function boxForRange(page: Page, start: number, end: number): Box | undefined {
  const indexes = wordsInRange(page, start, end);
  return indexes.length > 0 ? unionBox(indexes.map((index) => page.words[index].box)) : undefined;
}

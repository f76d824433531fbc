import { unionBox } from "@/lib/pages/layout";
import type { Box, Page } from "@/lib/pages/types";

// Page text is built as blocks joined by blank lines, lines by newlines and words by spaces
// (lib/pages/layout.ts), so each word's character range in page.text can be recomputed.

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

const ascending = new WeakMap<Array<[number, number]>, boolean>();

/** Whether every word has a range and each starts after the one before ends (words listed in reading order). */
function inTextOrder(offsets: Array<[number, number]>): boolean {
  let known = ascending.get(offsets);
  if (known === undefined) {
    known = true;
    for (let index = 0; index < offsets.length && known; index++)
      known = offsets[index] !== undefined && (index === 0 || offsets[index][0] >= offsets[index - 1][1]);
    ascending.set(offsets, known);
  }
  return known;
}

/** Indexes of the words covering a character range of page.text. */
export function wordsInRange(page: Page, start: number, end: number): number[] {
  const offsets = wordOffsets(page);
  const indexes: number[] = [];
  if (inTextOrder(offsets)) {
    // Asked for every entity of the page: the first word ending after `start` is found by halving.
    let low = 0;
    let high = offsets.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (offsets[middle][1] > start) high = middle;
      else low = middle + 1;
    }
    for (let index = low; index < offsets.length && offsets[index][0] < end; index++) indexes.push(index);
    return indexes;
  }
  offsets.forEach(([wordStart, wordEnd], index) => {
    if (wordStart < end && wordEnd > start) indexes.push(index);
  });
  return indexes;
}

export function boxForRange(page: Page, start: number, end: number): Box | undefined {
  const indexes = wordsInRange(page, start, end);
  return indexes.length > 0 ? unionBox(indexes.map((index) => page.words[index].box)) : undefined;
}

import type { Page, Word } from "@/lib/pages/types";
import { continuationLines, lineWords } from "../words/value-lines";
import { trimNoise, untilWideGap } from "../words/value-words";

// The words of a page that no pair has claimed yet. The finders run one after another (checkboxes,
// labels with a colon, labels in capitals, headings over columns, gaps); a word belongs to one pair
// at most, and a line whose every word is claimed is out of play.

export interface PageWords {
  page: Page;
  used: Set<Word>;
}

export function pageWords(page: Page): PageWords {
  return { page, used: new Set() };
}

export function freeWords(state: PageWords, lineIndex: number): Word[] {
  return lineWords(state.page, lineIndex).filter((word) => !state.used.has(word));
}

export function claim(state: PageWords, words: Word[]): void {
  for (const word of words) state.used.add(word);
}

/** Lines with no unclaimed word left. */
export function takenLines(state: PageWords): Set<number> {
  const taken = new Set<number>();
  state.page.lines.forEach((_, index) => {
    if (freeWords(state, index).length === 0) taken.add(index);
  });
  return taken;
}

/**
 * A value that runs to the end of its label's line, continued on the unclaimed lines below that
 * start where it starts. A lone number or code is a value complete in itself.
 */
export function continuedValue(state: PageWords, lineIndex: number, valueWords: Word[], height: number): Word[] {
  if (valueWords.filter((word) => /\p{L}/u.test(word.text)).length < 2) return valueWords;
  const lines = continuationLines(state.page, lineIndex, takenLines(state), valueWords[0].box.x).slice(1);
  return [...valueWords, ...lines.flatMap((index) => untilWideGap(trimNoise(freeWords(state, index)), height * 3))];
}

import type { Box } from "@/lib/pages/types";
import type { StoredBoundingBoxes, StoredWord } from "../processing/page-data";

/** A word of the page as the text is aligned to it: one whitespace-free token, and the line it is on. */
export interface WordSlot {
  word: StoredWord;
  /** Index into the page's lines (or into lines guessed from the boxes when the page has none). */
  line: number;
}

/** A word of the new text with its box, and the line it goes on. */
export type PlacedWord = WordSlot;

export const tokensOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** What the engine read for a word: its original_text when a person corrected it. */
export const engineReading = (word: StoredWord): string => word.original_text ?? word.text;

/**
 * The page's words as single tokens on their lines. A word a person corrected into several ("ACME
 * SUPPLY" typed over one box) becomes one slot per token, its box divided by their length.
 */
export function wordSlots(boxes: StoredBoundingBoxes): WordSlot[] {
  const lineOfWord = lineIndexes(boxes);
  return boxes.words.flatMap((word, index) => {
    const tokens = tokensOf(word.text);
    if (tokens.length <= 1) return [{ word, line: lineOfWord[index] }];
    return divideBox(word.box, tokens).map((box, part) => ({
      word: { ...word, text: tokens[part], box, original_text: engineReading(word), estimated: true },
      line: lineOfWord[index],
    }));
  });
}

/** Boxes for tokens laid side by side over one box, each as wide as its share of the letters. */
export function divideBox(box: Box, tokens: string[]): Box[] {
  const letters = tokens.reduce((sum, token) => sum + token.length, 0) + tokens.length - 1;
  const unit = box.width / Math.max(letters, 1);
  let x = box.x;
  return tokens.map((token) => {
    const placed = { ...box, x, width: token.length * unit };
    x += (token.length + 1) * unit;
    return placed;
  });
}

/** The line of each word: from the page's lines, or, for a page without lines, consecutive words whose heights overlap. */
function lineIndexes(boxes: StoredBoundingBoxes): number[] {
  const lineOfWord = new Array<number>(boxes.words.length).fill(-1);
  boxes.lines.forEach((line, lineIndex) => {
    for (let index = line.firstWord; index < line.firstWord + line.wordCount && index < lineOfWord.length; index++)
      lineOfWord[index] = lineIndex;
  });
  if (boxes.lines.length > 0) {
    // A word no line claims stays with the line before it.
    for (let index = 0; index < lineOfWord.length; index++)
      if (lineOfWord[index] < 0) lineOfWord[index] = index > 0 ? lineOfWord[index - 1] : 0;
    return lineOfWord;
  }
  let line = 0;
  return boxes.words.map((word, index) => {
    const previous = boxes.words[index - 1]?.box;
    if (previous && !verticallyOverlapping(previous, word.box)) line++;
    return line;
  });
}

function verticallyOverlapping(a: Box, b: Box): boolean {
  return Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);
}

export const rightOf = (box: Box): number => box.x + box.width;

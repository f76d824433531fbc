import type { Box, Word } from "@/lib/pages/types";
import { editDistance } from "@/lib/text/edit-distance";

// Geometry and text comparisons the merge of OCR passes uses to tell where passes read the same
// words and whether they agree.

export function boxIou(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const shared = width * height;
  return shared / (a.width * a.height + b.width * b.height - shared);
}

export function centreInside(box: Box, region: Box): boolean {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  return x >= region.x && x <= region.x + region.width && y >= region.y && y <= region.y + region.height;
}

/** The candidate covering the same place as `word` (intersection over union at least a half), the closest first. */
export function bestOverlap(word: Word, candidates: Word[]): Word | undefined {
  let best: Word | undefined;
  let bestIou = 0.5;
  for (const candidate of candidates) {
    const iou = boxIou(word.box, candidate.box);
    if (iou >= bestIou) {
      bestIou = iou;
      best = candidate;
    }
  }
  return best;
}

export function meanConfidence(words: Word[]): number {
  return words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}

/** Whether a horizontal line crosses every word: words from two rows of text, read left to right, would interleave. */
export function isOneRow(words: Word[]): boolean {
  const top = Math.max(...words.map((word) => word.box.y));
  const bottom = Math.min(...words.map((word) => word.box.y + word.box.height));
  return top < bottom;
}

/** The words' text left to right. */
export function readingOf(words: Word[]): string {
  return [...words]
    .sort((a, b) => a.box.x - b.box.x)
    .map((word) => word.text)
    .join(" ");
}

/** 1 − edit distance / length of the longer text: 1 for identical texts, 0 for nothing in common. */
export function textSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  return 1 - editDistance(a, b) / Math.max(a.length, b.length);
}

/** One word (the most confident) per text that at least `votes` of the words read, the most read first. */
export function wordsMatching(words: Word[], votes: number): Word[] {
  const byText = new Map<string, { count: number; word: Word }>();
  for (const word of words) {
    const entry = byText.get(word.text);
    if (!entry) byText.set(word.text, { count: 1, word });
    else {
      entry.count++;
      if (word.confidence > entry.word.confidence) entry.word = word;
    }
  }
  return [...byText.values()]
    .filter((entry) => entry.count >= votes)
    .sort((a, b) => b.count - a.count)
    .map((entry) => entry.word);
}

// Moved to lib/text (the extraction engine needs it too); re-exported for the merge of passes.
export { editDistance } from "@/lib/text/edit-distance";

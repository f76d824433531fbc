import {
  assembleLayout,
  groupLinesIntoBlocks,
  groupWordsIntoLines,
  unionBox,
  type AssembledLayout,
} from "@/lib/pages/layout";
import type { Box, Word } from "@/lib/pages/types";
import {
  bestOverlap,
  boxIou,
  centreInside,
  isOneRow,
  meanConfidence,
  readingOf,
  textSimilarity,
  wordsMatching,
} from "./pass-agreement";

// docsvc-OCR-XL-v1 reads a page several times and starts from the first pass (v1's own reading);
// the other passes change it only where two of them agree against it, or one is far more confident
// over the same extent, because a split or joined line can carry a high confidence. Measurements
// behind the thresholds: bench/NOTES.md.

/** An alternative reading replaces a line when two passes agree on it this closely (1 = identical)... */
const agreementSimilarity = 0.9;
/** ...or when one pass alone reads the line's extent with this much more mean word confidence... */
const soloConfidenceMargin = 0.15;
/** ...spanning this share of the line's width, with between half and twice as many words. */
const soloCoverage = 0.8;
/** Words only other passes found are added when two of them read the same word at least this confidently. */
const addedWordConfidence = 0.5;
/** A pass that read the page this much more confidently, with this many times the confident text (and at least a line of it), becomes the base. */
const basePageMargin = 0.1;
const baseConfidentText = 1.5;
const baseMinConfidentText = 40;
const confidentWord = 0.8;

/** Characters in words read with a confidence that is right four times out of five. */
function confidentCharacters(layout: AssembledLayout): number {
  return layout.words
    .filter((word) => word.confidence >= confidentWord)
    .reduce((sum, word) => sum + word.text.length, 0);
}

/**
 * The pass the merge starts from: the first, unless another read the whole page far more
 * confidently and found much more confident text (faint receipts, heavy speckle: the first pass
 * then reads noise, or nothing).
 */
function basePassIndex(passes: AssembledLayout[]): number {
  const confident = passes.map(confidentCharacters);
  let base = 0;
  passes.forEach((pass, index) => {
    const muchMore = confident[index] >= Math.max(baseMinConfidentText, baseConfidentText * confident[0]);
    if (pass.confidence >= passes[0].confidence + basePageMargin && muchMore && confident[index] > confident[base])
      base = index;
  });
  return base;
}

/** Two other passes read the line's extent alike, each at least as confidently as the base. */
function agreedReading(line: { confidence: number }, readings: Word[][]): Word[] | undefined {
  for (let first = 0; first < readings.length; first++) {
    for (let second = first + 1; second < readings.length; second++) {
      const [a, b] = [readings[first], readings[second]];
      if (a.length === 0 || b.length === 0) continue;
      if (textSimilarity(readingOf(a), readingOf(b)) < agreementSimilarity) continue;
      if (Math.min(meanConfidence(a), meanConfidence(b)) < line.confidence) continue;
      return meanConfidence(a) >= meanConfidence(b) ? a : b;
    }
  }
  return undefined;
}

/** One other pass read the line's whole extent, with a comparable number of words, far more confidently. */
function muchMoreConfidentReading(
  line: { confidence: number; box: Box },
  words: Word[],
  readings: Word[][],
): Word[] | undefined {
  const qualifying = readings.filter((reading) => {
    if (reading.length < 0.5 * words.length || reading.length > 2 * words.length) return false;
    const box = unionBox(reading.map((word) => word.box));
    const covered = Math.min(box.x + box.width, line.box.x + line.box.width) - Math.max(box.x, line.box.x);
    return (
      covered >= soloCoverage * line.box.width && meanConfidence(reading) >= line.confidence + soloConfidenceMargin
    );
  });
  return qualifying.sort((a, b) => meanConfidence(b) - meanConfidence(a))[0];
}

/** The base's words, each replaced by the text two other passes read at the same place when they agree against it at least as confidently. */
function votedWords(words: Word[], readings: Word[][], taken: Set<Word>): Word[] {
  return words.map((word) => {
    const matches = readings
      .map((reading) =>
        bestOverlap(
          word,
          reading.filter((other) => !taken.has(other)),
        ),
      )
      .filter((match) => match !== undefined);
    matches.forEach((match) => taken.add(match));
    const [winner] = wordsMatching(matches, 2).filter(
      (match) => match.text !== word.text && match.confidence >= word.confidence,
    );
    return winner ? { ...word, text: winner.text, confidence: winner.confidence } : word;
  });
}

/** Words of the first reading that a later one reads alike, at the same place, where the base read nothing. */
function agreedExtraWords(candidates: Word[][], taken: Set<Word>, isFree: (word: Word) => boolean): Word[] {
  const extra: Word[] = [];
  const [first, ...rest] = candidates;
  for (const word of first ?? []) {
    if (taken.has(word) || !isFree(word) || word.confidence < addedWordConfidence) continue;
    const found = rest
      .map((reading) =>
        bestOverlap(
          word,
          reading.filter((other) => !taken.has(other)),
        ),
      )
      .filter(
        (other): other is Word =>
          other !== undefined && other.text === word.text && other.confidence >= addedWordConfidence,
      );
    if (found.length === 0) continue;
    taken.add(word);
    found.forEach((other) => taken.add(other));
    extra.push({ ...word, confidence: Math.max(word.confidence, ...found.map((other) => other.confidence)) });
  }
  return extra;
}

/** The word's middle lies within the height of the line's word nearest to it: it belongs to that row, not to one above or below. */
function inRowOfNearest(word: Word, lineWords: Word[]): boolean {
  const middle = (box: Box) => box.x + box.width / 2;
  const nearest = lineWords.reduce((best, own) =>
    Math.abs(middle(own.box) - middle(word.box)) < Math.abs(middle(best.box) - middle(word.box)) ? own : best,
  );
  const centre = word.box.y + word.box.height / 2;
  return centre >= nearest.box.y && centre <= nearest.box.y + nearest.box.height;
}

/** New blocks go before the first block that starts below them, so the reading order stays top to bottom. */
export function insertBlocks(blocks: Word[][][], added: Word[][][]): void {
  for (const block of added) {
    const top = unionBox(block.flat().map((word) => word.box)).y;
    const at = blocks.findIndex((existing) => unionBox(existing.flat().map((word) => word.box)).y > top);
    blocks.splice(at === -1 ? blocks.length : at, 0, block);
  }
}

export function mergeOcrPasses(passes: AssembledLayout[]): AssembledLayout {
  if (passes.length === 1) return passes[0];
  const baseIndex = basePassIndex(passes);
  const base = passes[baseIndex];
  const others = passes.filter((_, index) => index !== baseIndex);
  const taken = new Set<Word>();
  let changed = baseIndex !== 0;
  const blocks: Word[][][] = base.blocks.map((block) =>
    base.lines.slice(block.firstLine, block.firstLine + block.lineCount).map((line) => {
      const words = base.words.slice(line.firstWord, line.firstWord + line.wordCount);
      const readings = others.map((other) => other.words.filter((word) => centreInside(word.box, line.box)));
      // Only a reading of one row can stand for the line; a tall line box may hold two rows of another pass.
      const rows = readings.filter((reading) => reading.length > 0 && isOneRow(reading));
      const replacement = agreedReading(line, rows) ?? muchMoreConfidentReading(line, words, rows);
      if (replacement) {
        readings.flat().forEach((word) => taken.add(word));
        changed = true;
        return [...replacement].sort((a, b) => a.box.x - b.box.x);
      }
      const voted = votedWords(words, readings, taken);
      const extra = agreedExtraWords(
        readings,
        taken,
        (word) => words.every((own) => boxIou(own.box, word.box) <= 0.2) && inRowOfNearest(word, words),
      );
      if (extra.length > 0 || voted.some((word, index) => word !== words[index])) changed = true;
      return [...voted, ...extra].sort((a, b) => a.box.x - b.box.x);
    }),
  );
  const outsideLines = (word: Word) => base.lines.every((line) => !centreInside(word.box, line.box));
  const added = agreedExtraWords(
    others.map((other) => other.words),
    taken,
    outsideLines,
  );
  if (added.length > 0) {
    insertBlocks(blocks, groupLinesIntoBlocks(groupWordsIntoLines(added)));
    changed = true;
  }
  return changed ? assembleLayout(blocks) : base;
}

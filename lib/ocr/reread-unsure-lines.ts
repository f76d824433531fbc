import sharp from "sharp";
import { withWordsReplaced, type AssembledLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { lineHeight, lineRecogniser, type LineImage, type LineRecogniser, type ReadCharacter } from "./line-recogniser";
import type { NormalizedGreyImage } from "./normalize-image";
import { hasTwoCharacters } from "./reread-unsure-words";

// Tesseract finds a page's words well and reads clean print well; on receipts, thermal print and
// small faded type it misreads letters ("UAN HING" for LIAN HING). Short lines holding an unsure word,
// and the unsure words of longer lines, are cut out and read again by a second recogniser
// (line-recogniser.ts), whose characters each carry a position along the line; each character goes
// to the tesseract word under it, so words, boxes and spacing stay tesseract's and only a word's
// letters can change. A word takes the second reading when that reading is sure and surer than
// tesseract was. Measurements: bench/NOTES.md.

type GreyPage = Pick<NormalizedGreyImage, "grey" | "width" | "height">;

/** Words read less surely than this are read again. */
const unsureBelow = 0.9;
/** A word's second reading is kept when every character of it is at least this probable... */
const minSecondConfidence = 0.9;
/** ...and it is this much surer than tesseract's reading. */
const minGain = 0.05;
/** White around a line's words, in line heights: above and below, and at the ends. */
const marginAcross = 0.2;
const marginAlong = 0.4;
/** A line of at most this many words with an unsure one is read whole; a longer one only in its unsure runs. */
const wholeLineWords = 8;
/** Lines lower than this many pixels are marks, not text. */
const minLinePixels = 8;
/** A cut wider than this (in the recogniser's pixels) is a table row of scattered words; not worth one long read. */
const maxLineWidth = 4_000;

interface LineCut {
  line: number;
  /** The line's words read again: `count` of them from `first` (an offset in the line). */
  first: number;
  count: number;
  /** The cut in the page's pixels. */
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Runs of consecutive unsure words in a line, as [first, count] (offsets in the line). */
export function unsureRuns(words: Array<Pick<Word, "confidence" | "text">>): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  words.forEach((word, index) => {
    if (word.confidence >= unsureBelow || !hasTwoCharacters(word)) return;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === index) last[1]++;
    else runs.push([index, 1]);
  });
  return runs;
}

/**
 * The unsure words of straight lines, cut in runs with white around them, in page pixels: as high as
 * the whole line (the recogniser reads letters at their size in the line), and at each end no closer
 * to a neighbouring word than half the gap, so no sure word's letters are read into an unsure one.
 */
function unsureWordCuts(layout: AssembledLayout, page: GreyPage): LineCut[] {
  return layout.lines.flatMap((line, index) => {
    const words = layout.words.slice(line.firstWord, line.firstWord + line.wordCount);
    if (words.length === 0 || words.some((word) => (word.angle ?? 0) !== 0)) return [];
    const top = Math.min(...words.map((word) => word.box.y)) * page.height;
    const bottom = Math.max(...words.map((word) => word.box.y + word.box.height)) * page.height;
    const height = bottom - top;
    if (height < minLinePixels) return [];
    const cutTop = Math.max(0, Math.floor(top - marginAcross * height));
    const cutBottom = Math.min(page.height, Math.ceil(bottom + marginAcross * height));
    const runs = unsureRuns(words);
    // A short line (a receipt's name, a total) is read whole: cheap, and the sure words give context.
    const toRead: Array<[number, number]> =
      runs.length > 0 && words.length <= wholeLineWords ? [[0, words.length]] : runs;
    return toRead.flatMap(([first, count]) => {
      const left = words[first].box.x * page.width;
      const right = (words[first + count - 1].box.x + words[first + count - 1].box.width) * page.width;
      const before = first > 0 ? (words[first - 1].box.x + words[first - 1].box.width) * page.width : -Infinity;
      const after = first + count < words.length ? words[first + count].box.x * page.width : Infinity;
      const cutLeft = Math.max(0, Math.floor(Math.max(left - marginAlong * height, (before + left) / 2)));
      const cutRight = Math.min(page.width, Math.ceil(Math.min(right + marginAlong * height, (right + after) / 2)));
      const [width, cutHeight] = [cutRight - cutLeft, cutBottom - cutTop];
      if (width < 1 || (width * lineHeight) / cutHeight > maxLineWidth) return [];
      return [{ line: index, first, count, left: cutLeft, top: cutTop, width, height: cutHeight }];
    });
  });
}

async function lineImage(page: GreyPage, cut: LineCut): Promise<LineImage> {
  const width = Math.max(1, Math.round((cut.width * lineHeight) / cut.height));
  const grey = await sharp(page.grey, { raw: { width: page.width, height: page.height, channels: 1 } })
    .extract({ left: cut.left, top: cut.top, width: cut.width, height: cut.height })
    .resize(width, lineHeight, { fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { grey, width };
}

/**
 * Each word's characters from the second reading: a character belongs to the word whose box holds it
 * or, between words, to the nearer one; spaces are dropped (the words already say where they are).
 */
export function charactersByWord(
  words: Array<Pick<Word, "box">>,
  characters: Array<Pick<ReadCharacter, "text" | "probability"> & { pageX: number }>,
): Array<Array<Pick<ReadCharacter, "text" | "probability">>> {
  const byWord: Array<Array<Pick<ReadCharacter, "text" | "probability">>> = words.map(() => []);
  for (const character of characters) {
    if (character.text.trim() === "") continue;
    let nearest = -1;
    let nearestDistance = Infinity;
    words.forEach((word, index) => {
      const distance = Math.max(0, word.box.x - character.pageX, character.pageX - (word.box.x + word.box.width));
      if (distance < nearestDistance) [nearest, nearestDistance] = [index, distance];
    });
    if (nearest >= 0) byWord[nearest].push(character);
  }
  return byWord;
}

/** Latin letters, digits, punctuation and symbols: the recogniser's Chinese characters are never a reading here. */
const latinText = /^[\p{Script=Latin}\p{N}\p{P}\p{S}]+$/u;

/**
 * The second reading of a word, in the form tesseract would write it: full-width punctuation made
 * plain, and a zero among capitals taken for the O it almost always is on these pages ("F00D").
 */
export function plainReading(text: string): string {
  const plain = text.normalize("NFKC");
  const letters = plain.match(/\p{L}/gu)?.length ?? 0;
  const digits = plain.match(/\p{N}/gu)?.length ?? 0;
  return letters > digits ? plain.replace(/(?<=\p{Lu})0|0(?=\p{Lu})/gu, "O") : plain;
}

/** The word as read a second time, when that reading is to be trusted over tesseract's. */
export function preferredReading(
  word: Word,
  characters: Array<Pick<ReadCharacter, "text" | "probability">>,
): Word | undefined {
  if (characters.length === 0) return undefined;
  const text = plainReading(characters.map((character) => character.text).join(""));
  const confidence = Math.min(...characters.map((character) => character.probability));
  if (text === word.text || !latinText.test(text)) return undefined;
  if (confidence < minSecondConfidence || confidence < word.confidence + minGain) return undefined;
  return { ...word, text, confidence };
}

/** The layout with the words of its unsure lines read again by the line recogniser where it is surer. */
export async function rereadUnsureLines(
  layout: AssembledLayout,
  page: GreyPage,
  recogniser: () => Promise<LineRecogniser> = lineRecogniser,
): Promise<AssembledLayout> {
  const cuts = unsureWordCuts(layout, page);
  if (cuts.length === 0) return layout;
  const images = await Promise.all(cuts.map((cut) => lineImage(page, cut)));
  const readings = await (await recogniser()).read(images);
  const words = [...layout.words];
  let changed = false;
  cuts.forEach((cut, index) => {
    const line = layout.lines[cut.line];
    const firstWord = line.firstWord + cut.first;
    const cutWords = words.slice(firstWord, firstWord + cut.count);
    const scale = cut.height / lineHeight;
    const characters = readings[index].map((character) => ({
      ...character,
      pageX: (cut.left + character.x * scale) / page.width,
    }));
    charactersByWord(cutWords, characters).forEach((wordCharacters, offset) => {
      const better = preferredReading(cutWords[offset], wordCharacters);
      if (!better) return;
      words[firstWord + offset] = better;
      changed = true;
    });
  });
  if (!changed) return layout;
  return withWordsReplaced(layout, words);
}

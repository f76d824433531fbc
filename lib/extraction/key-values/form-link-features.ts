import type { Box, Page, Word } from "@/lib/pages/types";
import { isKindWord } from "../words/label-similarity";
import { isNoiseWord } from "../words/value-words";
import { capitalsShare, digitShare, flag, meanConfidence } from "./text-shapes";

// The numbers the form-link models decide on, for the three decisions that turn a page's words
// into question→answer links: are two neighbouring words of a line one phrase, is a phrase continued
// on the line under it, and does one phrase answer another. Geometry is measured in the page's
// typical word height, so the same form scanned at any resolution gives the same figures; text
// features are the shapes OCR keeps (a closing colon, capitals, digits, length), never the words.

/** A box in page units (pixels or points), not the 0–1 fractions words carry. */
export interface PageBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Some words of the page read as one phrase: a label, a value, a heading, a run of text. */
export interface Phrase {
  words: Word[];
  box: PageBox;
  /** How many text lines the phrase spans. */
  lines: number;
  text: string;
}

export function pageBox(page: Page, box: Box): PageBox {
  return {
    left: box.x * page.width,
    top: box.y * page.height,
    right: (box.x + box.width) * page.width,
    bottom: (box.y + box.height) * page.height,
  };
}

export function phraseOf(page: Page, words: Word[], lines = 1): Phrase {
  const boxes = words.map((word) => pageBox(page, word.box));
  return {
    words,
    lines,
    text: words.map((word) => word.text).join(" "),
    box: {
      left: Math.min(...boxes.map((box) => box.left)),
      top: Math.min(...boxes.map((box) => box.top)),
      right: Math.max(...boxes.map((box) => box.right)),
      bottom: Math.max(...boxes.map((box) => box.bottom)),
    },
  };
}

/** The page's typical word height, the unit every distance is measured in. */
export function wordHeight(page: Page): number {
  const heights = page.words
    .filter((word) => /[\p{L}\p{N}]/u.test(word.text))
    .map((word) => word.box.height * page.height)
    .sort((a, b) => a - b);
  return heights.length === 0 ? 1 : Math.max(heights[Math.floor(heights.length / 2)], 1e-6);
}

const endsWithColon = (text: string) => flag(/[:;]\s*$/.test(text));
const isMark = (text: string) => flag(/^[xX✓✔☑☒]$/u.test(text.trim()));

/** Two words side by side on one line: one phrase, or the end of one and the start of the next? */
export function joinFeatures(page: Page, left: Word, right: Word, unit: number): number[] {
  const a = pageBox(page, left.box);
  const b = pageBox(page, right.box);
  return [
    (b.left - a.right) / unit,
    endsWithColon(left.text),
    flag(/[.,)]$/.test(left.text)),
    flag(/^\p{Lu}/u.test(right.text)),
    capitalsShare(left.text),
    capitalsShare(right.text),
    digitShare(left.text),
    digitShare(right.text),
    (a.bottom - a.top) / Math.max(b.bottom - b.top, 1e-6),
    left.text.length,
    right.text.length,
    flag(isNoiseWord(left)),
    flag(isNoiseWord(right)),
    Math.min(left.confidence, right.confidence),
    endsWithColon(right.text),
    flag(/^[(\[]/.test(right.text)),
    isMark(left.text),
    isMark(right.text),
  ];
}

/** A phrase and the nearest phrase under it: one phrase over two lines (an address, a long answer)? */
export function stackFeatures(upper: Phrase, lower: Phrase, unit: number, mates: [number, number]): number[] {
  const a = upper.box;
  const b = lower.box;
  const overlap = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  return [
    (b.top - a.bottom) / unit,
    (b.left - a.left) / unit,
    (b.right - a.right) / unit,
    overlap / Math.max(Math.min(a.right - a.left, b.right - b.left), 1e-6),
    (b.right - b.left) / Math.max(a.right - a.left, 1e-6),
    endsWithColon(upper.text),
    endsWithColon(lower.text),
    capitalsShare(upper.text),
    capitalsShare(lower.text),
    digitShare(upper.text),
    digitShare(lower.text),
    upper.words.length,
    lower.words.length,
    (a.bottom - a.top) / upper.lines / Math.max((b.bottom - b.top) / lower.lines, 1e-6),
    flag(/[\p{Ll},&-]$/u.test(upper.text)),
    flag(/^\p{Ll}/u.test(lower.text)),
    mates[0],
    mates[1],
    upper.lines,
  ];
}

/** What the link model needs to know about a phrase's neighbourhood on the page. */
export interface LinkContext {
  unit: number;
  /** Rank of the answer among the question's candidates by distance, and of the question among the answer's. */
  answerRank: number;
  questionRank: number;
  /** Phrases whose centre lies in the box spanning both: something printed between them. */
  between: number;
  /** Phrases sharing the question's line to its right, and the answer's line. */
  questionLineMates: number;
  answerLineMates: number;
}

/** Distance between two boxes' nearest edges (0 when they touch or overlap), in page units. */
export function boxGap(a: PageBox, b: PageBox): number {
  const dx = Math.max(0, b.left - a.right, a.left - b.right);
  const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
  return Math.hypot(dx, dy);
}

/** A question phrase and a phrase that may answer it. */
export function linkFeatures(question: Phrase, answer: Phrase, context: LinkContext): number[] {
  const q = question.box;
  const a = answer.box;
  const { unit } = context;
  const verticalOverlap = Math.max(0, Math.min(q.bottom, a.bottom) - Math.max(q.top, a.top));
  const horizontalOverlap = Math.max(0, Math.min(q.right, a.right) - Math.max(q.left, a.left));
  const lastWord = question.words.at(-1)?.text ?? "";
  return [
    (a.left - q.left) / unit,
    (a.left - q.right) / unit,
    (a.top - q.top) / unit,
    (a.top - q.bottom) / unit,
    (a.top + a.bottom - q.top - q.bottom) / 2 / unit,
    (a.left + a.right - q.left - q.right) / 2 / unit,
    verticalOverlap / Math.max(Math.min(q.bottom - q.top, a.bottom - a.top), 1e-6),
    horizontalOverlap / Math.max(Math.min(q.right - q.left, a.right - a.left), 1e-6),
    boxGap(q, a) / unit,
    context.answerRank,
    context.questionRank,
    context.between,
    context.questionLineMates,
    context.answerLineMates,
    endsWithColon(question.text),
    endsWithColon(answer.text),
    flag(/\?\s*$/.test(question.text)),
    question.text.length,
    answer.text.length,
    question.words.length,
    answer.words.length,
    question.lines,
    answer.lines,
    capitalsShare(question.text),
    capitalsShare(answer.text),
    digitShare(question.text),
    digitShare(answer.text),
    flag(isKindWord(lastWord)),
    isMark(answer.text),
    meanConfidence(question.words),
    meanConfidence(answer.words),
    (q.bottom - q.top) / question.lines / unit,
    (a.bottom - a.top) / answer.lines / unit,
    q.left / unit,
  ];
}

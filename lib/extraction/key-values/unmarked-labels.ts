import type { Word } from "@/lib/pages/types";
import {
  contrastsWithCapitals,
  isCapitalsWord,
  isNumberSign,
  looksLikeLabel,
  meaningfulWords,
  medianWordHeight,
} from "../words/label-words";
import { makePair } from "./make-pair";
import { claim, continuedValue, freeWords, type PageWords } from "./page-words";
import type { KeyValuePair } from "../types";
import { isNoiseWord, meanWordConfidence, trimNoise, untilWideGap } from "../words/value-words";

// Labels with no colon, told by their print: a form's label in capitals followed by the value
// typed in mixed case or digits ("PROJECT NAME Harbour bridge survey", "VENUE OR
// LOCATION 3rd floor, Room 12"), several on one line; and a label ending with "No." or "#"
// followed by a number ("Case No. 20-118"). Both open their line.

/** Below this, a guess from the letter case of OCR'd words is noise more often than not. */
const minConfidence = 0.6;

const gap = (left: Word, right: Word) => right.box.x - (left.box.x + left.box.width);

/** "DATEMarch": OCR dropped the space between a label in capitals and a capitalised value. */
function splitGlued(word: Word): [Word, Word] | undefined {
  const match = word.text.match(/^(\p{Lu}{2,})(\p{Lu}\p{Ll}{2,}.*)$/u);
  if (!match) return undefined;
  const share = match[1].length / word.text.length;
  const labelWidth = word.box.width * share;
  return [
    { ...word, text: match[1], box: { ...word.box, width: labelWidth } },
    { ...word, text: match[2], box: { ...word.box, x: word.box.x + labelWidth, width: word.box.width - labelWidth } },
  ];
}

/** A run of capitals words starting at `start` and the words after it: [label, rest] or undefined. */
function capitalsLabelAt(words: Word[], start: number): [Word[], Word[]] | undefined {
  let end = start;
  while (end < words.length && (isCapitalsWord(words[end]) || isNoiseWord(words[end]))) end++;
  while (end > start && isNoiseWord(words[end - 1])) end--;
  const label = words.slice(start, end);
  const glued = end < words.length ? splitGlued(words[end]) : undefined;
  if (glued) label.push(glued[0]);
  const rest = trimNoise(glued ? [glued[1], ...words.slice(end + 1)] : words.slice(end));
  const count = meaningfulWords(label).length;
  if (rest.length === 0 || count < 2 || !looksLikeLabel(label) || label.some((word) => /[,:;]/.test(word.text)))
    return undefined;
  // The value must read differently from the label (typed in lower case, or a number: not more
  // capitals, as in "SEE PAGE 4. DO NOT …" or "ONE HARBOUR ROAD 18TH FL"), and start close to it
  // (a wide gap is a column's).
  const value = rest
    .slice(0, 3)
    .map((word) => word.text)
    .join(" ");
  if (!contrastsWithCapitals(value) || gap(label.at(-1)!, rest[0]) > medianWordHeight(label) * 4) return undefined;
  // A typed entry opens with a capital ("Harbour bridge survey", "K-2231.07"). In lower case the
  // printed text runs on ("IN TESTIMONY WHEREOF I have set …"), in brackets it notes the label, and
  // a bare number after capitals is a table's row or a heading's: on scanned forms (FUNSD's half a)
  // 8 of this finder's 11 pairs were one of these, and none of the 8 was right.
  if (!/^\p{Lu}/u.test(rest[0].text)) return undefined;
  return [label, rest];
}

/** Where a further capitals label starts in a value, after a gap wider than a word space. */
function nextCapitalsLabel(words: Word[], height: number): number {
  for (let index = 1; index < words.length; index++) {
    if (gap(words[index - 1], words[index]) > height * 1.2 && capitalsLabelAt(words, index)) return index;
  }
  return -1;
}

function capitalsPairs(state: PageWords, lineIndex: number, words: Word[], start: number): KeyValuePair[] {
  const found = capitalsLabelAt(words, start);
  if (!found) return [];
  const [label, rest] = found;
  const height = label[0].box.height;
  const next = nextCapitalsLabel(rest, height);
  const own = untilWideGap(next > 0 ? rest.slice(0, next) : rest, height * 3);
  if (meanWordConfidence([...label, ...own]) < minConfidence || own.some((word) => /\p{L}:/u.test(word.text)))
    return [];
  const valueWords = next < 0 && own.length === rest.length ? continuedValue(state, lineIndex, own, height) : own;
  const pair = makePair(state.page, label, valueWords, "gap");
  // The line's own words up to the value's end (a glued "DATEMarch" is one word of the page).
  const end = own.at(-1)!.box.x + own.at(-1)!.box.width;
  if (pair) claim(state, [...words.filter((word) => word.box.x >= label[0].box.x && word.box.x < end), ...valueWords]);
  const after = next > 0 ? capitalsPairs(state, lineIndex, rest, next) : [];
  return pair ? [pair, ...after] : after;
}

/** "Case No. 20-118", "Invoice # 1042": one to three words, the number sign, a number. */
function numberSignPair(state: PageWords, words: Word[], start: number): KeyValuePair | undefined {
  const sign = words.findIndex((word, index) => index > start && index <= start + 3 && isNumberSign(word));
  if (sign < 0) return undefined;
  const label = words.slice(start, sign + 1);
  if (!label.slice(0, -1).every((word) => /^\p{Lu}[\p{L}.'-]*$/u.test(word.text))) return undefined;
  const value = untilWideGap(trimNoise(words.slice(sign + 1)), label[0].box.height * 3);
  if (value.length === 0 || !/\d/.test(value[0].text) || meanWordConfidence([...label, ...value]) < minConfidence / 2)
    return undefined;
  const pair = makePair(state.page, label, value, "gap");
  if (pair) claim(state, [...label, ...value]);
  return pair;
}

/** Pairs of a line that opens with a label without a colon. */
export function unmarkedLabelPairs(state: PageWords, lineIndex: number): KeyValuePair[] {
  const words = freeWords(state, lineIndex);
  const start = words.findIndex((word) => !isNoiseWord(word));
  if (start < 0) return [];
  const numbered = numberSignPair(state, words, start);
  return numbered ? [numbered] : capitalsPairs(state, lineIndex, words, start);
}

import { unionBox } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { pairsPerAnswer } from "./answer-lists";
import { cleanOption, gluedOption, isTickWord } from "./checkboxes";
import {
  endsWithColon,
  endsWithMisreadColon,
  endsWithQuestion,
  looksLikeLabel,
  maxLabelWords,
  meaningfulWords,
  medianWordHeight,
} from "../words/label-words";
import { emptyPair, makePair } from "./make-pair";
import { claim, continuedValue, freeWords, takenLines, type PageWords } from "./page-words";
import type { KeyValuePair } from "../types";
import { lineBeside, lineWords } from "../words/value-lines";
import { isNoiseWord, meanWordConfidence, trimNoise, untilWideGap } from "../words/value-words";

// Labels closed by a colon (or a question mark, or the ";" OCR reads for a colon) at the start of a
// line: "Label: value" with any further "Label: value" on the same line after a gap, the value
// continued on the lines under it; or "Label:" with nothing after it, an open label whose value is
// beside or below it (found later, see detached-values.ts).

/** A label followed by a value on its line may have this many words; a label alone on its line more. */
const maxInlineLabelWords = 7;
const maxWholeLineLabelWords = 10;
/** A label and value OCR was this unsure of are a smudge read as letters more often than a field. */
const minPairConfidence = 0.2;

export interface LineLabels {
  pairs: KeyValuePair[];
  /** Labels with no value on their line, in reading order. */
  open: Word[][];
}

const gapBefore = (words: Word[], index: number) =>
  words[index].box.x - (words[index - 1].box.x + words[index - 1].box.width);

/**
 * The first label closed on the line: [first word, closing word], or undefined. It opens the line,
 * or the words before it stand apart across a gap of two word heights or more (another column's
 * text, left to the other finders).
 */
function firstLabel(words: Word[]): [number, number] | undefined {
  let start = words.findIndex((word) => !isNoiseWord(word));
  if (start < 0) return undefined;
  const apart = medianWordHeight(meaningfulWords(words)) * 2;
  for (let index = start; index < words.length; index++) {
    if (
      index > start &&
      !isNoiseWord(words[index]) &&
      gapBefore(words, index) > apart &&
      !isNoiseWord(words[index - 1])
    )
      start = index;
    const label = words.slice(start, index + 1);
    if (meaningfulWords(label).length > maxWholeLineLabelWords) return undefined;
    const misread = endsWithMisreadColon(words, index) && meaningfulWords(label).length <= 3;
    if (!endsWithColon(words[index]) && !misread && !endsWithQuestion(words[index])) continue;
    const after = meaningfulWords(words.slice(index + 1)).length;
    if (!looksLikeLabel(label, after === 0 ? maxWholeLineLabelWords : maxInlineLabelWords)) return undefined;
    // Rules inside a label are a smudge or a box, not a dash or a number sign ("SHIPPING - TERMS:", "Fax #:").
    if (label.slice(1).some((word) => isNoiseWord(word) && !/^(?:[-–—]+|#:?)$/.test(word.text))) return undefined;
    // "anyone: other than the addressee may not read it …" is a sentence, not a field; so is a
    // label running on past a full stop ("… IN TWO COPIES. NOTE:").
    if (/^\P{L}*\p{Ll}/u.test(label.map((word) => word.text).join(" ")) && after > 6) return undefined;
    if (label.slice(0, -1).some((word) => /\p{L}{4}\.$/u.test(word.text))) return undefined;
    return [start, index];
  }
  return undefined;
}

/**
 * Where the next label starts in the words after a label: "Name: Ann   Date of birth: 2 May" holds
 * two pairs. A later word ending with a colon ends a label of up to maxLabelWords words that
 * starts after a gap wider than a word space.
 */
function nextLabelStart(rest: Word[], height: number): number {
  for (let colon = 0; colon < rest.length; colon++) {
    if (!endsWithColon(rest[colon])) continue;
    for (let start = colon; start >= Math.max(0, colon - maxLabelWords + 1); start--) {
      const label = rest.slice(start, colon + 1);
      if ((start === 0 || gapBefore(rest, start) > height * 1.2) && looksLikeLabel(label) && !label.some(isNoiseWord))
        return start;
    }
  }
  return -1;
}

function labelPairs(state: PageWords, lineIndex: number, keyWords: Word[], rawRest: Word[], result: LineLabels): void {
  const height = Math.max(...meaningfulWords(keyWords).map((word) => word.box.height));
  const firstText = rawRest.findIndex((word) => !isNoiseWord(word));
  // "# SEATS" names the next field (the number of seats) rather than holding a value.
  const namesField = /^#\s?\p{L}/u.test(
    rawRest
      .map((word) => word.text)
      .join(" ")
      .trim(),
  );
  const beside = firstText >= 0 && pastLineBeside(state, keyWords, rawRest[firstText]);
  const far = firstText >= 0 && !beside && farLoneWord(keyWords, rawRest.slice(firstText), height);
  const rest = firstText < 0 || namesField || beside || far ? [] : rawRest.slice(firstText);
  const nextLabel = rest.length === 0 ? -1 : nextLabelStart(rest, height);
  const own = nextLabel >= 0 ? rest.slice(0, nextLabel) : rest;
  const trimmed = trimNoise(own);
  let valueWords = untilWideGap(trimmed, height * 3);
  // Options ticked after the label answer it (see checkboxes.ts); the words left are the unticked ones.
  const marked =
    valueWords.length > 0 &&
    answeredByTicks(state, lineIndex, keyWords.at(-1)!, valueWords, nextLabel >= 0 ? rest[nextLabel] : undefined);
  if (marked) valueWords = [];
  if (nextLabel < 0 && valueWords.length > 0) valueWords = continuedValue(state, lineIndex, valueWords, height);
  const found =
    valueWords.length > 0 && meanWordConfidence([...keyWords, ...valueWords]) >= minPairConfidence
      ? makePair(state.page, keyWords, valueWords, "colon")
      : undefined;
  if (found) {
    result.pairs.push(...pairsPerAnswer(state.page, { pair: found, keyWords, valueWords }));
    claim(state, [...keyWords, ...valueWords]);
  } else if (far) {
    // Left blank: an empty value, rather than the next field's label.
    const blank = emptyPair(state.page, keyWords);
    if (blank) result.pairs.push(blank);
    claim(state, keyWords);
  } else if (!marked && meaningfulWords(trimmed).length === 0) {
    result.open.push(keyWords);
  }
  if (nextLabel >= 0) {
    const next = rest.slice(nextLabel);
    const colonAt = next.findIndex(endsWithColon);
    labelPairs(state, lineIndex, next.slice(0, colonAt + 1), next.slice(colonAt + 1), result);
  }
}

/** A lone word this many label heights past the colon belongs to the row's next field, not to this label. */
const maxLoneWordGap = 10;

/**
 * Whether all there is after the label is one word without a digit, far across the row: the next
 * field's label ("Approved By: ________ Date") or a speck, while the label's own value was left blank.
 */
function farLoneWord(keyWords: Word[], rest: Word[], height: number): boolean {
  const words = meaningfulWords(rest);
  if (words.length !== 1 || /\d/.test(words[0].text)) return false;
  const label = keyWords.at(-1)!.box;
  return words[0].box.x - (label.x + label.width) > height * maxLoneWordGap;
}

/**
 * Whether another line starts on the label's row before the first word after it: OCR read the
 * form's value column as a line of its own, and the words further right on the label's line are
 * specks in the margin, not its value.
 */
function pastLineBeside(state: PageWords, keyWords: Word[], first: Word): boolean {
  const beside = lineBeside(state.page, unionBox(keyWords.map((word) => word.box)), takenLines(state));
  return beside !== undefined && state.page.lines[beside].box.x < first.box.x;
}

/** "Mar." and "Apr.", "YES" and "NO": options printed alike (same letter case, similar length). */
function printedAlike(a: string, b: string): boolean {
  const letterCase = (text: string) =>
    text === text.toUpperCase() ? "upper" : /^\P{L}*\p{Lu}\P{Lu}*$/u.test(text) ? "capitalised" : "mixed";
  return letterCase(a) === letterCase(b) && Math.abs(a.length - b.length) <= 3;
}

/**
 * Whether ticked boxes after the label (before the next label) answer it: a tick inside the
 * value, or a ticked option printed like the value, which is then an unticked option
 * ("QUARTER: Jan.   Apr. [X]   Jul.").
 */
function answeredByTicks(
  state: PageWords,
  lineIndex: number,
  label: Word,
  valueWords: Word[],
  nextLabel: Word | undefined,
): boolean {
  const words = lineWords(state.page, lineIndex);
  const valueEnd = valueWords.at(-1)!.box.x + valueWords.at(-1)!.box.width;
  const ticks = words.filter(
    (word) =>
      word.box.x > label.box.x &&
      (!nextLabel || word.box.x < nextLabel.box.x) &&
      state.used.has(word) &&
      isTickWord(word),
  );
  if (ticks.some((tick) => tick.box.x <= valueEnd)) return true;
  const value = valueWords.map((word) => word.text).join(" ");
  if (valueWords.length > 2) return false;
  return ticks.some((tick) => {
    const before = words.filter((word) => word.box.x < tick.box.x && word.box.x > valueEnd).at(-1);
    const option = gluedOption(tick) ?? (before && cleanOption(before.text));
    return option !== undefined && printedAlike(value, option);
  });
}

/** The pairs and open labels of a line that starts with a closed label. */
export function lineLabels(state: PageWords, lineIndex: number): LineLabels {
  const result: LineLabels = { pairs: [], open: [] };
  const words = freeWords(state, lineIndex);
  const label = firstLabel(words);
  if (!label) return result;
  labelPairs(state, lineIndex, words.slice(label[0], label[1] + 1), words.slice(label[1] + 1), result);
  return result;
}

import type { Page, RulingLine, Word } from "@/lib/pages/types";
import { isCapitalsLabel, isCheckMark, looksLikeLabel, meaningfulWords } from "../words/label-words";
import { makePair } from "./make-pair";
import { claim, continuedValue, freeWords, type PageWords } from "./page-words";
import type { KeyValuePair } from "../types";
import { isNoiseWord, isValueText, meanWordConfidence, trimNoise } from "../words/value-words";

// "Label ____value____" on one line without a colon: the line falls into phrases at gaps wider
// than a word space, and a phrase that reads as a label takes the phrase after it as its value
// when the value sits on a fill-in rule (a ruling line under it, or underscores OCR read before
// it). "Name ____ Ann Lee   Date ____ 3 May" holds two pairs. A value running to the line's end
// goes on on the lines under it that start where it starts. A wide gap alone is no evidence: on
// scanned forms (FUNSD's development half a) all 12 pairs it made were wrong — the next column's
// heading, a table's cell, a sentence's end.

/** A gap wider than this many line heights parts phrases; word spaces of typewriter type reach about 0.8. */
const phraseGap = 1.2;
/** Word spaces of typewriter type on 100 DPI scans reach about 1.3 line heights; a label's words are this close. */
const maxTypewriterSpace = 2;
/** Handwriting on a rule reads unsurely; below this it is a scribble more often than an entry. */
const minRuledPairConfidence = 0.5;
const maxValueWords = 12;

const right = (word: Word) => word.box.x + word.box.width;
const text = (words: Word[]) => words.map((word) => word.text).join(" ");

/** Whether a ruling line runs under the words: a fill-in rule they were typed or written on. */
function sitsOnRule(page: Page, words: Word[]): boolean {
  return rulesUnder(page, words).length > 0;
}

/** The ruling lines under the words (under at least 30% of their width). */
function rulesUnder(page: Page, words: Word[]): RulingLine[] {
  // Asked for every word of every line: a page without rules (most text layers) answers at once.
  const rules = page.rulings?.horizontal ?? [];
  if (rules.length === 0) return [];
  const lettered = meaningfulWords(words);
  if (lettered.length === 0) return [];
  const bottom = Math.max(...lettered.map((word) => word.box.y + word.box.height));
  const height = Math.max(...lettered.map((word) => word.box.height));
  const left = lettered[0].box.x;
  const end = right(lettered.at(-1)!);
  return rules.filter(
    (rule) =>
      rule.position > bottom - height * 0.5 &&
      rule.position < bottom + height * 0.6 &&
      rule.start < end &&
      rule.end > left &&
      Math.min(rule.end, end) - Math.max(rule.start, left) > (end - left) * 0.3,
  );
}

/** A leader OCR read from a fill-in rule or a dotted leader: "____", "------", "Length---", "_Fran". */
const leaderMark = /^(?:_+|[-–—.]{2,})$|^_|(?:_|[-–—.]{2,})$/;
const isLeader = (word: Word) => leaderMark.test(word.text);

interface Phrase {
  words: Word[];
  /** A leader comes before it. */
  ledIn: boolean;
}

/**
 * Whether a fill-in rule starts in the space between two words, under the second one: the words
 * before it were printed off the rule (the label), the second was typed or written on it (the
 * value) — "Work Requested by ________" filled in with a word space's gap, no underscores read.
 * The rule may seem to start up to a line height early: its ends and OCR's word boxes are rough.
 */
function fillInRuleStarts(page: Page, previous: Word, word: Word, height: number): boolean {
  if (word.box.x <= right(previous)) return false;
  return rulesUnder(page, [word]).some(
    (rule) => rule.start >= right(previous) - height && rule.start <= word.box.x + word.box.height * 0.5,
  );
}

/**
 * The line's phrases: split at gaps wider than a word space, at leader words (which belong to
 * neither side and are dropped) and where a fill-in rule starts under words printed off it, each
 * marked when a leader runs into it.
 */
function phrasesOf(page: Page, words: Word[], height: number): Phrase[] {
  const phrases: Phrase[] = [];
  let current: Word[] = [];
  let led = false;
  // Whether the phrase so far is printed off the rule: a first word on it starts the value.
  let offRule = true;
  const close = () => {
    if (current.some((word) => !isNoiseWord(word))) phrases.push({ words: current, ledIn: led });
    current = [];
    offRule = true;
  };
  for (const word of words) {
    const previous = current.at(-1);
    const onRule = !isNoiseWord(word) && sitsOnRule(page, [word]);
    const ruleStarts = previous !== undefined && offRule && fillInRuleStarts(page, previous, word, height);
    const parted = (previous !== undefined && word.box.x - right(previous) > height * phraseGap) || ruleStarts;
    if (isNoiseWord(word) && isLeader(word)) {
      close();
      led = phrases.length > 0;
      continue;
    }
    if (parted || (previous !== undefined && /^_/.test(word.text))) {
      close();
      led = isLeader(previous) || /^_/.test(word.text);
    }
    current.push(word);
    if (onRule) offRule = false;
    if (/(?:_|[-–—.]{2,})$/.test(word.text) && current.length > 0) {
      close();
      led = true;
    }
  }
  close();
  return phrases;
}

/** A phrase that reads as a form's label: a few capitalised words, not a number, not a sentence's end. */
function readsAsLabel(words: Word[]): boolean {
  const meaningful = meaningfulWords(words);
  const label = text(meaningful);
  return (
    meaningful.length > 0 &&
    looksLikeLabel(meaningful) &&
    !meaningful.some(isCheckMark) &&
    /^[("“]?\p{Lu}/u.test(label) &&
    !/^\d/.test(label) &&
    !/\p{L}{4}[.!]$/u.test(label) &&
    !/[,;]$/.test(label)
  );
}

/** Values of a word or two that a fill-in rule may hold in capitals after a label in capitals. */
const maxCapitalsLabelWords = 2;

/**
 * One or two words in capitals without a digit after a label in capitals ("DESCRIPTION ____
 * PRICE", "APPROVED ____ BY"): the next heading of a row of labels ruled under, printed like this
 * one. On FUNSD's development half a, 12 of the 13 such pairs on a rule were wrong.
 */
function printedLikeNextLabel(label: Word[], value: Word[]): boolean {
  return (
    isCapitalsLabel(label) &&
    isCapitalsLabel(value) &&
    meaningfulWords(value).length <= maxCapitalsLabelWords &&
    !/\d/.test(text(value))
  );
}

function phrasePair(state: PageWords, label: Word[], value: Word[], led: boolean): KeyValuePair | undefined {
  const labelWords = trimNoise(label);
  const valueWords = trimNoise(value);
  if (valueWords.length === 0 || valueWords.length > maxValueWords || !readsAsLabel(labelWords)) return undefined;
  if (!isValueText(valueWords) || valueWords.some((word) => /\p{L}:/u.test(word.text))) return undefined;
  const ruled = led || isLeader(labelWords.at(-1)!) || sitsOnRule(state.page, valueWords);
  if (!ruled || sitsOnRule(state.page, labelWords)) return undefined;
  if (meanWordConfidence([...labelWords, ...valueWords]) < minRuledPairConfidence) return undefined;
  if (printedLikeNextLabel(labelWords, valueWords)) return undefined;
  return makePair(state.page, labelWords, valueWords, "gap");
}

/**
 * Where the label before `value` may start: its own phrase, or before a ruled value up to two
 * phrases further left across word spaces of typewriter type ("Deadline  for  response ____").
 */
function labelStarts(
  page: Page,
  phrases: Phrase[],
  free: number,
  index: number,
  value: Phrase,
  height: number,
): number[] {
  const starts = [index];
  if (!value.ledIn && !sitsOnRule(page, value.words)) return starts;
  for (let start = index - 1; start >= Math.max(free, index - 2); start--) {
    const gap = phrases[start + 1].words[0].box.x - right(phrases[start].words.at(-1)!);
    if (gap > height * maxTypewriterSpace) break;
    starts.push(start);
  }
  return starts;
}

/** The label/value pairs of a line's free words, phrase by phrase from the left. */
export function rowPhrasePairs(state: PageWords, lineIndex: number): KeyValuePair[] {
  const height = state.page.lines[lineIndex].box.height;
  const phrases = phrasesOf(state.page, freeWords(state, lineIndex), height);
  const pairs: KeyValuePair[] = [];
  let free = 0;
  for (let index = 0; index + 1 < phrases.length; index++) {
    const value = phrases[index + 1];
    let found: KeyValuePair | undefined;
    let label: Word[] = [];
    for (const start of labelStarts(state.page, phrases, free, index, value, height)) {
      label = phrases.slice(start, index + 1).flatMap((phrase) => phrase.words);
      found = phrasePair(state, label, value.words, value.ledIn);
      if (found) break;
    }
    if (!found) continue;
    // A value running to the line's end may go on on the lines under it.
    const own = trimNoise(value.words);
    const whole = index + 2 === phrases.length ? continuedValue(state, lineIndex, own, height) : own;
    const longer = whole.length > own.length ? makePair(state.page, trimNoise(label), whole, "gap") : undefined;
    if (longer) found = longer;
    pairs.push(found);
    claim(state, [...label, ...value.words, ...whole]);
    index++;
    free = index + 1;
  }
  return pairs;
}

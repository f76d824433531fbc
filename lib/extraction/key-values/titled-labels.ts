import type { Word } from "@/lib/pages/types";
import {
  contrastsWithCapitals,
  isCapitalsWord,
  isCheckMark,
  medianWordHeight,
  meaningfulWords,
} from "../words/label-words";
import { isKindWord } from "../words/label-similarity";
import { makePair } from "./make-pair";
import { claim, freeWords, takenLines, type PageWords } from "./page-words";
import type { KeyValuePair } from "../types";
import { continuationLines, isLabelLine, lineBeside } from "../words/value-lines";
import { isNoiseWord, meanWordConfidence, trimNoise, untilWideGap } from "../words/value-words";

// Labels with no colon whose value was typed into the form after them on the same row: "Filter
// Length 20 mm", "Location DETROIT GRAND PRIX ___ Division Detroit", or "PROJECT CODE" with "PMRM"
// read by OCR as a separate line further right. Without a colon the evidence is the contrast: a
// value that starts with a number or a date, capitals after a label in title case, or mixed case
// after a label in capitals.

const maxLabelWords = 4;
/** Below this, a guess from letter case and position is noise more often than not. */
const minConfidence = 0.6;
/** Small words a label may hold between its capitalised ones ("Type of Cigarette", "Copies to"). */
const connectors = new Set(["of", "to", "by", "&", "and", "on", "for", "per", "in", "or", "the", "no.", "#"]);

const gap = (left: Word, right: Word) => right.box.x - (left.box.x + left.box.width);
const text = (words: Word[]) => words.map((word) => word.text).join(" ");
/** A fill-in rule read as underscores: it parts one field from the next. */
const isRule = (word: Word) => /^[_—–-]*_[_—–-]*$/.test(word.text) || /__/.test(word.text);
const isTitled = (word: Word) => /^[(‘“'"]?\p{Lu}[\p{L}.'’/()-]*$/u.test(word.text);
const unquoted = (word: Word): Word => ({ ...word, text: word.text.replace(/^[‘“'"]/, "") });
const isConnector = (word: Word) => connectors.has(word.text.toLowerCase());
/** "July 6, 1995", "APR 2 1984": a month opens a date, it does not end a label. */
const isMonth = (word: Word) =>
  /^(?:jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?)\.?$/i.test(
    word.text,
  );
/** Words that make a number the start of a sentence ("20% of the", "50 lbs. tobacco with solution"). */
const proseWords = new Set(["of", "the", "with", "and", "to", "a", "in", "for", "is", "was", "be"]);
/** Capitals after a title-case label: a typed entry is short, a longer run is printed text. */
const maxCapitalsValueWords = 4;
/** A value this long after a number is a sentence going on, not a typed entry. */
const maxValueWords = 6;

/** The value starts with a number, or its letter case sets it apart from the label's. */
function contrasts(label: Word[], value: Word[]): boolean {
  const first = value[0].text;
  // "(8)", "(4 X 8)": a note on the label; "NUMBER;" the label going on past a misread colon.
  if (first.startsWith("(") || /[:;]$/.test(first)) return false;
  // A mark after an option ticks it ("Utah   x").
  if (value.length === 1 && isCheckMark(value[0])) return true;
  // A date written out ("July 6, 1995") is a value as much as a number is.
  const opensWithDate = isMonth(value[0]) && /^\d/.test(value[1]?.text ?? "");
  const opensWithNumber = /^[#$+±-]?\d/.test(first);
  // One word before a number names a product, a place or a heading in a table's row ("KENT 100",
  // "BOX 80's") unless it names a kind of value ("Date", "Code"): on FUNSD's development half a,
  // 22 such pairs were wrong and 4 right.
  if (opensWithNumber && label.length === 1 && !isKindWord(label[0].text)) return false;
  // After capitals, a number opening more capitals is the printed text going on ("SEE PAGE 4. DO NOT STAPLE").
  if (label.filter((word) => !isConnector(word)).every((word) => isCapitalsWord(unquoted(word))))
    return contrastsWithCapitals(text(value.slice(0, 3)));
  if (opensWithNumber || opensWithDate)
    return value.length <= maxValueWords && !value.some((word) => proseWords.has(word.text));
  return (
    value.length <= maxCapitalsValueWords &&
    value.filter((word) => /\p{L}/u.test(word.text)).length > 0 &&
    /\p{Lu}{2}/u.test(first) &&
    value.every((word) => !/\p{Ll}/u.test(word.text))
  );
}

/** The label starting at `start`: capitalised words, small connectors inside, no digit. */
function labelAt(words: Word[], start: number): Word[] | undefined {
  const opening = words[start];
  if (!isTitled(opening) || /\d/.test(opening.text) || isMonth(opening) || isConnector(opening)) return undefined;
  let end = start + 1;
  while (
    end < words.length &&
    end - start < maxLabelWords &&
    !/\d/.test(words[end].text) &&
    !isMonth(words[end]) &&
    (isTitled(words[end]) || isConnector(words[end])) &&
    gap(words[end - 1], words[end]) < medianWordHeight(words) * 1.5
  )
    end++;
  while (end > start + 1 && isConnector(words[end - 1])) end--;
  const label = words.slice(start, end);
  return /\p{L}{3}/u.test(text(label)) && !label.some((word) => /[:;,]$/.test(word.text)) ? label : undefined;
}

/** The value after a label on its line: up to a wide gap or a fill-in rule. */
function valueAfter(words: Word[], height: number): Word[] {
  const rest = trimNoise(words);
  const ruled = rest.findIndex(isRule);
  return untilWideGap(trimNoise(ruled < 0 ? rest : rest.slice(0, ruled)), height * 3);
}

function sameLinePairs(state: PageWords, words: Word[]): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const height = medianWordHeight(meaningfulWords(words));
  let index = 0;
  while (index < words.length) {
    // A label opens the line, or follows a wide gap or a fill-in rule.
    const opens =
      index === 0 ||
      isRule(words[index - 1]) ||
      isNoiseWord(words[index - 1]) ||
      gap(words[index - 1], words[index]) > height * 2;
    const label = opens ? labelAt(words, index) : undefined;
    const after = label ? words.slice(index + label.length) : [];
    const value = label && after.length > 0 && !isRule(after[0]) ? valueAfter(after, height) : [];
    // Hard up against the label, the value would be part of a sentence or a heading.
    const apart = label && value.length > 0 && gap(label.at(-1)!, value[0]) < height * 12;
    const found =
      label && apart && contrasts(label, value) && meanWordConfidence([...label, ...value]) >= minConfidence
        ? makePair(state.page, label, value, "gap")
        : undefined;
    if (!found || !label) {
      index++;
      continue;
    }
    pairs.push(found);
    claim(state, [...label, ...value]);
    index = words.indexOf(value.at(-1)!) + 1;
  }
  return pairs;
}

/** A line that is only a label, with its value on a line beside it (OCR read the two columns apart). */
function besidePairs(state: PageWords, lineIndex: number, words: Word[]): KeyValuePair[] {
  const label = trimNoise(words);
  if (label.length === 0 || labelAt(label, 0)?.length !== label.length) return [];
  const box = state.page.lines[lineIndex].box;
  const beside = lineBeside(state.page, box, takenLines(state));
  if (beside === undefined || isLabelLine(state.page, beside)) return [];
  const height = medianWordHeight(label);
  const first = trimNoise(freeWords(state, beside));
  if (first.length === 0 || first[0].box.x - (box.x + box.width) > height * 25 || !contrasts(label, first)) return [];
  const lines =
    first.filter((word) => /\p{L}/u.test(word.text)).length >= 2
      ? continuationLines(state.page, beside, takenLines(state))
      : [beside];
  const value = lines.flatMap((index) => untilWideGap(trimNoise(freeWords(state, index)), height * 3));
  if (meanWordConfidence([...label, ...value]) < minConfidence) return [];
  const found = makePair(state.page, label, value, "gap");
  if (!found) return [];
  claim(state, [...label, ...value]);
  return [found];
}

/** The pair of a line that is only a titled label, its value on a line beside it. */
export function titledLabelBeside(state: PageWords, lineIndex: number): KeyValuePair[] {
  const words = freeWords(state, lineIndex);
  return words.length === 0 ? [] : besidePairs(state, lineIndex, words);
}

/** Pairs of titled labels along the line, each followed by its value. */
export function titledLabelPairs(state: PageWords, lineIndex: number): KeyValuePair[] {
  const words = freeWords(state, lineIndex);
  return words.length === 0 ? [] : sameLinePairs(state, words);
}

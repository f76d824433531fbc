import type { Page, Word } from "@/lib/pages/types";
import { endsWithColon, isCheckMark, meaningfulWords } from "../words/label-words";
import { makePair } from "./make-pair";
import type { KeyValuePair } from "../types";
import { meanWordConfidence } from "../words/value-words";

// Ticked boxes: a mark ("X", "x", "☑") beside an option's words is that option's answer
// ("Mar.  [X]", "NEW [X]  RENEWAL [ ]", "[X] Other: ..."). The option is usually the words just
// before the mark; a mark opening its row answers the words after it. OCR glues a mark to the
// blank it sits on ("__X") or to the next option ("X_YES"). "2 x 3.50" is a product, not a mark.

const maxOptionWords = 3;
/** Marks and options read this unsurely are specks and smudges. */
const minConfidence = 0.35;

const gap = (left: Word, right: Word) => right.box.x - (left.box.x + left.box.width);
const isBareNumber = (word: Word | undefined) => word !== undefined && /^\d+(?:[.,]\d+)?$/.test(word.text);
/** Box edges and brackets OCR reads around an option ("MAY 4|", "[Yes"). */
export const cleanOption = (text: string) => text.replace(/^[|[\](){}_]+|[|[\](){}_]+$/g, "");

/** "X_YES": a mark glued by the blank's underscores to the option after it. */
export function gluedOption(word: Word): string | undefined {
  return word.text.match(/^_*[xX]_+(\p{L}[\p{L}.]*)$/u)?.[1];
}

/** A word that is (or holds) a ticked box. */
export function isTickWord(word: Word): boolean {
  return isCheckMark(word) || gluedOption(word) !== undefined;
}

function markValue(word: Word): string {
  const mark = word.text.replace(/[_|[\](){}]/g, "");
  return /^[xX]+$/.test(mark) ? "X" : mark;
}

/** The option's words before the mark, back to a wide gap, a label or another mark. */
function optionBefore(words: Word[], markAt: number, height: number): Word[] {
  const option: Word[] = [];
  for (let index = markAt - 1; index >= 0 && option.length < maxOptionWords; index--) {
    const word = words[index];
    const limit = option.length === 0 ? height * 3 : height * 1.5;
    if (gap(word, words[index + 1]) > limit || isCheckMark(word) || gluedOption(word) || endsWithColon(word)) break;
    option.unshift(word);
  }
  return meaningfulWords(option);
}

/** The option's words after the mark, up to a wide gap or a label's colon (kept: "Other:"). */
function optionAfter(words: Word[], markAt: number, height: number): Word[] {
  const option: Word[] = [];
  for (let index = markAt + 1; index < words.length && option.length < maxOptionWords; index++) {
    const word = words[index];
    if (gap(words[index - 1], word) > height * 1.5 || isCheckMark(word) || gluedOption(word)) break;
    option.push(word);
    if (endsWithColon(word)) break;
  }
  return meaningfulWords(option);
}

function hasLetters(words: Word[]): boolean {
  return /\p{L}/u.test(words.map((word) => cleanOption(word.text)).join(""));
}

/** Checkbox pairs on one line's words, and the words they used. */
export function checkboxPairs(page: Page, words: Word[], height: number): { pairs: KeyValuePair[]; used: Word[] } {
  const pairs: KeyValuePair[] = [];
  const used: Word[] = [];
  words.forEach((word, index) => {
    if (used.includes(word)) return;
    const glued = gluedOption(word);
    if (glued) {
      const found = makePair(page, [{ ...word, text: glued }], [word], "checkbox", "X");
      if (found) pairs.push(found);
      used.push(word);
      return;
    }
    if (!isCheckMark(word)) return;
    const previous = words[index - 1];
    const next = words[index + 1];
    // "2 x 3.50", "8-1/2 X 11": a product or a size.
    if (
      next &&
      gap(word, next) < height &&
      (isBareNumber(previous) || (/\d/.test(previous?.text ?? "") && /\d/.test(next.text)))
    )
      return;
    const before = optionBefore(words, index, height).filter((candidate) => !used.includes(candidate));
    const option = before.length > 0 && hasLetters(before) ? before : optionAfter(words, index, height);
    if (option.length === 0 || !hasLetters(option) || meanWordConfidence([word, ...option]) < minConfidence) return;
    const keyWords = option.map((candidate) => ({ ...candidate, text: cleanOption(candidate.text) }));
    const found = makePair(page, keyWords, [word], "checkbox", markValue(word));
    if (!found) return;
    pairs.push(found);
    // An option that is a label ("[X] Other: …") keeps its words for its own value.
    used.push(word, ...option.filter((candidate) => !endsWithColon(candidate)));
  });
  return { pairs, used };
}

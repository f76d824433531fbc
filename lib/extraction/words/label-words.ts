import type { Word } from "@/lib/pages/types";
import { isNoiseWord } from "./value-words";

// What a label looks like on a form, word by word: short, lettered, without long numbers, often
// in capitals, ending with a colon (read by OCR as ";" at times) or a question mark, or with
// "No." / "#" before a number. Values are what labels are not: mixed case, numbers, names.

export const maxLabelWords = 5;

const text = (words: Word[]) => words.map((word) => word.text).join(" ");

/** Words that carry the label (OCR noise such as "-" or "|" between label words dropped). */
export function meaningfulWords(words: Word[]): Word[] {
  return words.filter((word) => !isNoiseWord(word));
}

/** The label's text as a key: noise words, a leader run on ("Length---") and the closing colon dropped. */
export function labelText(words: Word[]): string {
  return text(meaningfulWords(words))
    .replace(/(?:_+|[-–—.]{2,})$/, "")
    .replace(/\s*[:;]$/, "")
    .trim();
}

/**
 * A plausible label: a few words with letters, no long number, not prose. `maxWords` counts
 * words that carry text; a label that is a whole line may be longer than one followed by a value.
 */
export function looksLikeLabel(words: Word[], maxWords = maxLabelWords): boolean {
  const meaningful = meaningfulWords(words);
  if (meaningful.length === 0 || meaningful.length > maxWords || meaningful.some(isCheckMark)) return false;
  const label = labelText(meaningful);
  return /\p{L}{2}/u.test(label) && !/\d{3,}/.test(label) && label.length <= 8 * Math.max(maxWords, maxLabelWords);
}

/** A word ending a label: "Name:", "Name :" and the ";" OCR reads for a colon after a capital. */
export function endsWithColon(word: Word): boolean {
  if (/^\d{1,2}:$/.test(word.text)) return false;
  return /:$/.test(word.text);
}

/** "NAME;" — a colon misread as a semicolon, trusted only after a capitalised word. */
export function endsWithMisreadColon(words: Word[], index: number): boolean {
  const word = words[index];
  if (!/;$/.test(word.text)) return false;
  const labelWord = word.text === ";" ? words[index - 1] : word;
  return labelWord !== undefined && /^\p{Lu}/u.test(labelWord.text);
}

/** "Any allergies?" — a question asked by the form, answered after it. */
export function endsWithQuestion(word: Word): boolean {
  return /\p{L}\?$/u.test(word.text);
}

/** "No." / "#" / "Nr." closing a label before an identifier ("Case No. 20-118"). */
export function isNumberSign(word: Word): boolean {
  return /^(?:no|nr|#)\.?$/i.test(word.text) || /^\p{L}{2,}#$/u.test(word.text);
}

/** A checkbox mark as OCR reads it: "X", "x", "Xx", "☑", with box edges or blanks around it. */
export function isCheckMark(word: Word): boolean {
  return /^(?:[xX]{1,2}|[✓✔☑☒⊠✗✘])$/u.test(word.text.replace(/[_|[\](){}]/g, ""));
}

/** Mostly digits: a phone number, an amount, a date, an identifier. */
export function isNumberLike(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  const letters = value.replace(/[^\p{L}]/gu, "").length;
  return digits > 0 && digits >= letters;
}

/** A word printed in capitals (form labels are): capital letters with a label's punctuation, no digits. */
export function isCapitalsWord(word: Word): boolean {
  return /^[(]?\p{Lu}[\p{Lu}.'&/()-]*$/u.test(word.text);
}

/** Text that reads as a value after a label in capitals: words in lower case, or mostly digits. */
export function contrastsWithCapitals(value: string): boolean {
  return /\p{L}\p{Ll}{2}/u.test(value) || isNumberLike(value);
}

/** Capitals outside any parenthesised note: "REMARKS (use the back if needed)". */
export function isCapitalsLabel(words: Word[]): boolean {
  const outside = text(meaningfulWords(words)).replace(/\([^)]*\)?/g, " ");
  return /\p{Lu}{2}/u.test(outside) && outside === outside.toUpperCase() && !/\d{2,}/.test(outside);
}

export function medianWordHeight(words: Word[]): number {
  const heights = words.map((word) => word.box.height).sort((a, b) => a - b);
  return heights.length === 0 ? 0 : heights[Math.floor(heights.length / 2)];
}

/** Words split where the gap between neighbours is wider than `minGap`. */
export function splitAtGaps(words: Word[], minGap: number): Word[][] {
  const cells: Word[][] = [];
  for (const word of words) {
    const current = cells.at(-1);
    const previous = current?.at(-1);
    if (current && previous && word.box.x - (previous.box.x + previous.box.width) <= minGap) current.push(word);
    else cells.push([word]);
  }
  return cells;
}

import type { Word } from "@/lib/pages/types";

// Cleaning the words of a value found by layout. On scanned forms the words after a label often
// run on into the next column (a checkbox row, a stamp, another label), and OCR turns rules and
// box edges into "|", "~~" or "_" words.

/** A word with no letter or digit: a rule, a box edge or OCR noise. */
export function isNoiseWord(word: Word): boolean {
  // Asked of every word many times over: ASCII is settled without the Unicode class.
  const text = word.text;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 127) return !/[\p{L}\p{N}]/u.test(text);
    if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return false;
  }
  return true;
}

/** Noise words dropped from both ends. */
export function trimNoise(words: Word[]): Word[] {
  let start = 0;
  let end = words.length;
  while (start < end && isNoiseWord(words[start])) start++;
  while (end > start && isNoiseWord(words[end - 1])) end--;
  return words.slice(start, end);
}

/** The words up to the first gap wider than `maxGap` (a value does not jump across a column). */
export function untilWideGap(words: Word[], maxGap: number): Word[] {
  for (let index = 1; index < words.length; index++) {
    const previous = words[index - 1].box;
    if (words[index].box.x - (previous.x + previous.width) > maxGap) return words.slice(0, index);
  }
  return words;
}

/**
 * A usable value: some letter or digit, and not itself a label ("Company:", "# SEATS") nor an
 * enumerated item of the form ("(b) City Hospital" is field (b)'s).
 */
export function isValueText(words: Word[]): boolean {
  if (words.length === 0) return false;
  const text = words.map((word) => word.text).join(" ");
  return /[\p{L}\p{N}]/u.test(text) && !/:$/.test(text) && !/^#\s?\p{L}/u.test(text) && !/^\(\w{1,2}\)\s/u.test(text);
}

export function meanWordConfidence(words: Word[]): number {
  return words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}

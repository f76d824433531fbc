import type { Word } from "@/lib/pages/types";

// Text read only by its shape (capitals, digits, OCR confidence), never by vocabulary: the form-link
// features and the pair scorer's features must measure a phrase the same way, so they share these.

const letters = (text: string) => text.replace(/[^\p{L}]/gu, "");

/** The share of the letters that are capitals (0 when there are none). */
export const capitalsShare = (text: string) => {
  const lettered = letters(text);
  return lettered.length === 0 ? 0 : lettered.replace(/[^\p{Lu}]/gu, "").length / lettered.length;
};

/** The share of the characters, spaces left out, that are digits. */
export const digitShare = (text: string) => {
  const squashed = text.replace(/\s+/g, "");
  return squashed.length === 0 ? 0 : squashed.replace(/[^\p{N}]/gu, "").length / squashed.length;
};

export const flag = (condition: boolean) => (condition ? 1 : 0);

export const meanConfidence = (words: Word[]) =>
  words.length === 0 ? 0 : words.reduce((sum, word) => sum + word.confidence, 0) / words.length;

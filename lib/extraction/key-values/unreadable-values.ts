import type { Word } from "@/lib/pages/types";
import { isCheckMark } from "../words/label-words";
import { meanWordConfidence } from "../words/value-words";

// Handwriting OCR could not read. On scanned forms a signature, initials or a scrawled entry come
// out as letters ("Gey “~s", "CQuklu. q- Tle kh", "aaaag") read unsurely; paired with their label
// they are wrong answers, and a wrong pair costs the user more than a missing one.

/** A label asking for a signature or for whoever signed: "Signature of Initiator", "Approved By". */
const asksForSignature = /\bsign(?:ed|ature)\b|\bby$/i;
/** Measured on FUNSD's development half a: under this, 8 of the 9 such values were a signature read as letters. */
const minSignatureConfidence = 0.6;
/** Measured on FUNSD's development half a: under this, 9 of the 11 lettered values not in capitals were scrawls. */
const minLetteredConfidence = 0.3;

const text = (words: Word[]) => words.map((word) => word.text).join(" ");

/** Whether the value is handwriting OCR did not read: letters read unsurely, no number among them. */
export function isUnreadHandwriting(key: string, valueWords: Word[]): boolean {
  const value = text(valueWords);
  if (/\d/.test(value) || (valueWords.length === 1 && isCheckMark(valueWords[0]))) return false;
  const confidence = meanWordConfidence(valueWords);
  if (asksForSignature.test(key.trim()) && confidence < minSignatureConfidence) return true;
  // Typed or printed capitals ("VINCE LOSITO", "LUCKY STRIKE") read unsurely are still names.
  return confidence < minLetteredConfidence && value !== value.toUpperCase();
}

import { unionBox } from "@/lib/pages/layout";
import type { Page, Word } from "@/lib/pages/types";
import { labelText } from "../words/label-words";
import { isKindWord } from "../words/label-similarity";
import type { KeyValuePair } from "../types";
import { isUnreadHandwriting } from "./unreadable-values";
import { isValueText, meanWordConfidence, trimNoise } from "../words/value-words";

// One key-value pair from the words of its label and of its value, with a confidence that says
// how much the layout evidence is worth: a colon beats a column position beats a gap.

const baseConfidence: Record<KeyValuePair["method"], number> = {
  colon: 0.9,
  checkbox: 0.8,
  below: 0.75,
  gap: 0.65,
  form_field: 1,
  model: 1,
};

/** Measured on scanned forms (FUNSD development half): 10 of the 11 values under a label read below this were wrong. */
const minBelowConfidence = 0.5;

/** `value` overrides the value words' text (a checkbox mark answers "X"); the words still place it. */
export function makePair(
  page: Page,
  keyWords: Word[],
  rawValueWords: Word[],
  method: KeyValuePair["method"],
  value?: string,
): KeyValuePair | undefined {
  const valueWords = value === undefined ? trimNoise(rawValueWords) : rawValueWords;
  // "# SEATS" names a field (the number of seats); "#1042" is a value.
  if (value === undefined && /^#\s?\p{L}/u.test(rawValueWords.map((word) => word.text).join(" "))) return undefined;
  const key = labelText(keyWords);
  if (!key || valueWords.length === 0 || (value === undefined && !isValueText(valueWords))) return undefined;
  if (method === "below" && value === undefined && (printedLikeLabel(valueWords) || isNumberedItem(valueWords)))
    return undefined;
  if (value === undefined && namesAField(valueWords)) return undefined;
  // Under a label, words read this unsurely are a signature, a stamp or a smudge more often than an entry.
  if (method === "below" && value === undefined && meanWordConfidence(valueWords) < minBelowConfidence)
    return undefined;
  if (value === undefined && isUnreadHandwriting(key, valueWords)) return undefined;
  // One or two letters read unsurely are a scribble (a signature, a stroke), not a value.
  const valueText = valueWords.map((word) => word.text).join("");
  if (value === undefined && valueText.length <= 2 && !/\d/.test(valueText) && meanWordConfidence(valueWords) < 0.5)
    return undefined;
  return {
    key,
    value:
      value ??
      valueWords
        .map((word) => word.text)
        .join(" ")
        // The fill-in rule's underscores OCR glued to the value ("__3:45", "Ann Lee__").
        .replace(/^_+|_+$/g, "")
        .trim(),
    page: page.pageNumber,
    keyBox: unionBox(keyWords.map((word) => word.box)),
    valueBox: unionBox(valueWords.map((word) => word.box)),
    confidence: Math.round(baseConfidence[method] * meanWordConfidence([...keyWords, ...valueWords]) * 100) / 100,
    method,
  };
}

/** A label with nothing after it, beside it or under it: the field is on the form and left blank. */
export function emptyPair(page: Page, keyWords: Word[]): KeyValuePair | undefined {
  const key = labelText(keyWords);
  if (!key) return undefined;
  return {
    key,
    value: "",
    page: page.pageNumber,
    keyBox: unionBox(keyWords.map((word) => word.box)),
    confidence: Math.round(baseConfidence.colon * meanWordConfidence(keyWords) * 100) / 100,
    method: "colon",
  };
}

/**
 * "Acct. No.", "Charge Code", "Customer Shipping Number": a few capitalised words without a digit
 * closed by a word naming a kind of value — the form's next label, printed where this one's value
 * was left blank.
 */
function namesAField(words: Word[]): boolean {
  const lettered = words.filter((word) => /\p{L}/u.test(word.text));
  return (
    lettered.length === words.length &&
    words.length <= 4 &&
    words.every((word) => /^[(]?\p{Lu}/u.test(word.text)) &&
    isKindWord(words.at(-1)!.text)
  );
}

/**
 * "2. Maintenance - fix program error", "1) Current brand": an item of a numbered list. Under a
 * label it is one of the options or instructions the form prints, not an entry (FUNSD's development
 * half a: 5 such pairs, none right).
 */
function isNumberedItem(words: Word[]): boolean {
  return words.length >= 2 && /^\d{1,2}[.)]$/.test(words[0].text) && /^\p{L}/u.test(words[1].text);
}

/** "Supplier(s)", "Physical Characteristics": a few capitalised words in mixed case, no digit — the form's next printed label. */
function printedLikeLabel(words: Word[]): boolean {
  return (
    words.length <= 2 &&
    words.every((word) => /^[(]?\p{Lu}\p{Ll}[\p{L}()'.-]*$/u.test(word.text) || /^(?:of|and|&|per)$/.test(word.text))
  );
}

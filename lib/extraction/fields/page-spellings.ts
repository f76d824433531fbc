import type { Page, Word } from "@/lib/pages/types";

// A name or a street is often printed more than once on a receipt (the shop's name in its address,
// a footer, a web address), and OCR reads each printing separately: where it was unsure of a word
// ("AFON") that is one letter off a word it read surely elsewhere on the page ("AEON"), the sure
// reading is the word.

/** OCR's own certainty above which a reading may confirm another. */
const sureWord = 0.9;
/** Words read more surely than this are left as read. */
const unsureWord = 0.85;
/** Shorter words are too often another word one letter off. */
const minLetters = 4;

const core = (text: string) => text.match(/^([^\p{L}]*)(\p{L}+)([^\p{L}]*)$/u);

function oneSubstitution(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let differences = 0;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index] && ++differences > 1) return false;
  return differences === 1;
}

/** `spelling` in the case `word` was printed in ("AEON", "Aeon", "aeon"). */
function inCaseOf(spelling: string, word: string): string {
  if (word === word.toUpperCase()) return spelling.toUpperCase();
  if (word[0] === word[0].toUpperCase()) return spelling[0].toUpperCase() + spelling.slice(1).toLowerCase();
  return spelling.toLowerCase();
}

/** A function giving each word back with the spelling the page confirms, or as read. */
export function pageSpellings(page: Page): (word: Word) => Word {
  const sure = new Set(
    page.words
      .filter((word) => word.confidence >= sureWord)
      .map((word) => core(word.text)?.[2].toUpperCase())
      .filter((letters): letters is string => letters !== undefined && letters.length >= minLetters),
  );
  return (word) => {
    const parts = word.confidence < unsureWord ? core(word.text) : null;
    if (!parts || parts[2].length < minLetters || sure.has(parts[2].toUpperCase())) return word;
    const letters = parts[2].toUpperCase();
    const matches = [...sure].filter((candidate) => oneSubstitution(letters, candidate));
    if (matches.length !== 1) return word;
    return { ...word, text: parts[1] + inCaseOf(matches[0], parts[2]) + parts[3] };
  };
}

/**
 * The words of a name or an address the page prints elsewhere one letter different ("AFON" in the
 * name, "AEON" in the address; "MALURT" and "MALURI" in one address), where neither reading was
 * sure enough to correct the other: one of the two is misread, and nothing says which.
 */
export function disputedWords(page: Page, words: Word[]): string[] {
  // The part's words may be respelled copies (pageSpellings): the page's own reading of them is no other printing.
  const boxes = new Set(words.map((word) => JSON.stringify(word.box)));
  const others = page.words
    .filter((word) => !boxes.has(JSON.stringify(word.box)))
    .map((word) => core(word.text)?.[2].toUpperCase())
    .filter((letters): letters is string => letters !== undefined && letters.length >= minLetters);
  const own = words.map((word) => core(word.text)?.[2].toUpperCase());
  return words
    .filter((word, index) => {
      const letters = own[index];
      if (letters === undefined || letters.length < minLetters) return false;
      const elsewhere = [...others, ...own.filter((other, at) => at !== index && other !== undefined)];
      return elsewhere.some((other) => other !== undefined && oneSubstitution(letters, other));
    })
    .map((word) => word.text);
}

import type { AssembledLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { detectLanguage } from "@/lib/text/detect-language";
import { englishSpeller, type Speller } from "./english-speller";

// Words a dictionary can confirm. Letters too small for the model come out as their look-alikes
// ("oroaram", "disolavs", "auestions"): a word the engine was unsure of that is not English, but
// becomes exactly one English word by undoing one or two of those confusions, is read as that word;
// a longer word that no confusion explains may also differ by any one letter (replaced, added, or
// swapped with its neighbour) from exactly one English word.
// The spelling comes from Hunspell's English dictionary (dictionary-en, through nspell). Numbers,
// codes, e-mail addresses, mixed case and short capitalised words (names, acronyms) are left as
// read; the engine's reading is kept beside the correction as `original_text`, which the viewer shows.

/** Letters low-resolution OCR mistakes for each other, both ways. */
const confusions: Array<[string, string]> = [
  ["g", "q"],
  ["q", "a"],
  ["g", "a"],
  ["p", "o"],
  ["y", "v"],
  ["rn", "m"],
  ["cl", "d"],
  // Further look-alikes of scanned type, kept because they corrected more words than they spoiled
  // on forms scanned at about 100 DPI (FUNSD's training split).
  ["a", "o"],
  ["e", "a"],
  ["e", "o"],
  ["c", "e"],
  ["o", "d"],
  ["i", "l"],
  ["i", "t"],
  ["r", "t"],
  ["f", "r"],
  ["h", "b"],
  ["u", "n"],
  ["n", "p"],
];
const swaps = confusions.flatMap(([a, b]): Array<[string, string]> => [
  [a, b],
  [b, a],
]);
/** A word read more surely than this is left as read, dictionary or not (names, jargon, codes). */
const maxConfidence = 0.9;
/** Fewer letters than this are too often a name or a code; a capitalised word needs more still (names are short). */
const minLetters = 4;
const minCapitalsLetters = 5;
const minTitleLetters = 6;
/**
 * Two confusions undone only in a lower-case word this long: in a short word they reach an unrelated
 * word (KOOL, KEEL), in a capitalised one a name of another language (BANDAR, BENDER).
 */
const minLettersForTwoSwaps = 6;
/**
 * Any one-letter edit is tried only in words this long, where one English word at that distance is
 * rarely a coincidence; capitals need a letter more (receipts' place names are in capitals).
 */
const minLettersForAnyEdit = 6;
const minCapitalsLettersForAnyEdit = 7;
/** A word read this unsurely is a smudge or a stroke read as letters ("eeee", "cece"), not a word. */
const minConfidence = 0.05;
const maxSwaps = 2;

/** Every spelling `depth` confusions or fewer away, by the number of confusions undone. */
function lookAlikes(word: string, depth: number): string[][] {
  const levels: string[][] = [[word]];
  const seen = new Set([word]);
  for (let level = 1; level <= depth; level++) {
    const next: string[] = [];
    for (const spelling of levels[level - 1]) {
      for (const [from, to] of swaps) {
        for (let at = spelling.indexOf(from); at >= 0; at = spelling.indexOf(from, at + 1)) {
          const variant = spelling.slice(0, at) + to + spelling.slice(at + from.length);
          if (seen.has(variant)) continue;
          seen.add(variant);
          next.push(variant);
        }
      }
    }
    levels.push(next);
  }
  return levels;
}

const alphabet = [..."abcdefghijklmnopqrstuvwxyz"];

/**
 * Every spelling one letter away: a letter replaced or added, or two neighbours swapped. Not a letter
 * dropped: that turned receipts' place names into English words and found
 * no more misread words on forms.
 */
function oneEditAway(word: string): Set<string> {
  const spellings = new Set<string>();
  for (let at = 0; at <= word.length; at++) {
    const [before, after] = [word.slice(0, at), word.slice(at)];
    if (after.length > 1) spellings.add(before + after[1] + after[0] + after.slice(2));
    for (const letter of alphabet) {
      if (after) spellings.add(before + letter + after.slice(1));
      spellings.add(before + letter + after);
    }
  }
  spellings.delete(word);
  return spellings;
}

/**
 * The dictionary word `core` was misread from: the only one at the fewest confusions, or, when no
 * confusion reaches a word, the only one any single edit reaches in a long enough word.
 */
function misreadWord(core: string, speller: Speller): string | undefined {
  const lower = core.toLowerCase();
  if (speller.correct(lower) || speller.correct(core)) return undefined;
  const swapsAllowed = core.length >= minLettersForTwoSwaps && core === lower ? maxSwaps : 1;
  for (const spellings of lookAlikes(lower, swapsAllowed).slice(1)) {
    const words = spellings.filter((spelling) => speller.correct(spelling));
    if (words.length === 1) return words[0];
    if (words.length > 1) return undefined;
  }
  const capitals = core === core.toUpperCase();
  if (core.length < (capitals ? minCapitalsLettersForAnyEdit : minLettersForAnyEdit)) return undefined;
  const words = [...oneEditAway(lower)].filter((spelling) => speller.correct(spelling));
  return words.length === 1 ? words[0] : undefined;
}

/** The word's text corrected, or undefined when it is to be left as read. */
export function correctedText(word: Pick<Word, "text" | "confidence">, speller: Speller): string | undefined {
  if (word.confidence >= maxConfidence || word.confidence < minConfidence) return undefined;
  // Letters only between leading and trailing punctuation: digits, "@", "/" or inner marks are a code, an address, a number.
  const parts = word.text.match(/^([("'“‘]?)(\p{L}+)([)"'”’.,;:!?]?)$/u);
  if (!parts || parts[2].length < minLetters) return undefined;
  const core = parts[2];
  const capitals = core === core.toUpperCase();
  const titled = /^\p{Lu}\p{Ll}+$/u.test(core);
  if (!capitals && !titled && core !== core.toLowerCase()) return undefined;
  if ((capitals && core.length < minCapitalsLetters) || (titled && core.length < minTitleLetters)) return undefined;
  const fixed = misreadWord(core, speller);
  if (!fixed) return undefined;
  return (
    parts[1] + (capitals ? fixed.toUpperCase() : titled ? fixed[0].toUpperCase() + fixed.slice(1) : fixed) + parts[3]
  );
}

/** The layout with its misread words corrected (their reading kept as `original_text`) and its texts rebuilt. */
export async function correctMisreadWords(layout: AssembledLayout): Promise<AssembledLayout> {
  if (!layout.words.some((word) => word.confidence < maxConfidence)) return layout;
  // An English dictionary says nothing about the words of a page in another language.
  if (!["en", "und"].includes(detectLanguage(layout.text))) return layout;
  const checker = await englishSpeller();
  let changed = false;
  const words = layout.words.map((word) => {
    const text = correctedText(word, checker);
    if (text === undefined) return word;
    changed = true;
    return { ...word, text, original_text: word.original_text ?? word.text };
  });
  if (!changed) return layout;
  const lines = layout.lines.map((line) => ({
    ...line,
    text: words
      .slice(line.firstWord, line.firstWord + line.wordCount)
      .map((word) => word.text)
      .join(" "),
  }));
  const blocks = layout.blocks.map((block) => ({
    ...block,
    text: lines
      .slice(block.firstLine, block.firstLine + block.lineCount)
      .map((line) => line.text)
      .join("\n"),
  }));
  return { ...layout, words, lines, blocks, text: blocks.map((block) => block.text).join("\n\n") };
}

import type { Page, Word } from "@/lib/pages/types";
import { makePair } from "./make-pair";
import type { KeyValuePair } from "../types";
import { visualLines } from "../words/value-lines";

// A value running over several lines is one answer (an address, a sentence wrapped at the
// column's edge) unless each line is an answer of its own. A distribution list is the common case:
// "cc: Mr. A. Lee / Dr. B. Cole / C. D. Ross", one person per line, each of them the label's
// answer. Lines that each open with a title or an initial before a capitalised name are such a
// list; anything else stays whole.

/** "Mr. Lee", "Dr. B. Cole", "C. D. Ross", "S. Willinger": a title or an initial, then a capitalised word. */
const personOpening = /^(?:(?:Mr|Mrs|Ms|Dr|Messrs|Prof)\.?|\p{Lu}\.(?:\s?\p{Lu}\.)*)\s+(?:\p{Lu}\.\s?)*\p{Lu}\p{Ll}/u;

const text = (words: Word[]) => words.map((word) => word.text).join(" ");

/** The separate answers in a value's words: one per line when every line names a person, else the words whole. */
export function separateAnswers(words: Word[]): Word[][] {
  const lines = visualLines(words);
  if (lines.length < 2 || !lines.every((line) => personOpening.test(text(line)))) return [words];
  return lines;
}

/** The pair of `found`, or one pair per answer when its value's lines are separate answers. */
export function pairsPerAnswer(
  page: Page,
  found: { pair: KeyValuePair; keyWords: Word[]; valueWords: Word[] },
): KeyValuePair[] {
  const answers = separateAnswers(found.valueWords);
  if (answers.length === 1) return [found.pair];
  const pairs = answers.flatMap((answer) => makePair(page, found.keyWords, answer, found.pair.method) ?? []);
  return pairs.length === answers.length ? pairs : [found.pair];
}

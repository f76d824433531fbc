import { characterErrorRate } from "@/lib/documents/testing/render-text-image";

// Scoring for the key-value bench: fuzzy text agreement (OCR of real scans is noisy, so exact
// equality would measure the OCR, not the pairing) and one-to-one matching of found pairs to the
// annotated ones.

const minSimilarity = 0.75;

/** Lower case, punctuation and spacing removed, a trailing colon dropped: "DATE :" ≈ "date". */
export function squashForMatch(text: string): string {
  return text
    .toLowerCase()
    .replace(/[:：]\s*$/, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

export function textSimilarity(expected: string, actual: string): number {
  const a = squashForMatch(expected);
  const b = squashForMatch(actual);
  if (a === "" || b === "") return a === b ? 1 : 0;
  return Math.max(0, 1 - characterErrorRate(a, b));
}

export function similar(expected: string, actual: string): boolean {
  return textSimilarity(expected, actual) >= minSimilarity;
}

export interface ScoredPairs {
  found: number;
  expected: number;
  /** Found pairs whose key and value both agree with one annotated pair. */
  correct: number;
  /** Annotated keys that some found pair names, whatever its value: separates label finding from linking. */
  keysFound: number;
  /** Indexes of the annotated pairs a found pair agreed with. */
  matched: Set<number>;
  /** Annotated pairs whose key was found but linked to a different value. */
  wrongValue: Array<{ key: string; expected: string; found: string }>;
  missedKeys: Array<{ key: string; value: string }>;
}

export function scorePairs(
  found: Array<{ key: string; value: string }>,
  expected: Array<{ key: string; value: string }>,
): ScoredPairs {
  const used = new Set<number>();
  let correct = 0;
  for (const pair of found) {
    const match = expected.findIndex(
      (candidate, index) =>
        !used.has(index) && similar(candidate.key, pair.key) && similar(candidate.value, pair.value),
    );
    if (match >= 0) {
      used.add(match);
      correct++;
    }
  }
  const wrongValue: ScoredPairs["wrongValue"] = [];
  const missedKeys: ScoredPairs["missedKeys"] = [];
  let keysFound = 0;
  expected.forEach((candidate, index) => {
    const named = found.find((pair) => similar(candidate.key, pair.key));
    if (named) keysFound++;
    if (used.has(index)) return;
    if (named) wrongValue.push({ key: candidate.key, expected: candidate.value, found: named.value });
    else missedKeys.push(candidate);
  });
  return { found: found.length, expected: expected.length, correct, keysFound, matched: used, wrongValue, missedKeys };
}

export function ratio(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((part / whole) * 100).toFixed(1)}%`;
}

// Words found: how many of the words a page should hold the OCR output holds, each output word
// matching at most once, compared case-blind and without surrounding punctuation.

export function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const raw of text.split(/\s+/)) {
    const word = raw.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
    if (word) bag.set(word, (bag.get(word) ?? 0) + 1);
  }
  return bag;
}

/** Expected words the output contains (each counted as often as expected at most), and how many were expected. */
export function wordsFound(expected: string | Map<string, number>, output: string): { found: number; words: number } {
  const outputBag = wordBag(output);
  let found = 0;
  let words = 0;
  for (const [word, times] of typeof expected === "string" ? wordBag(expected) : expected) {
    found += Math.min(times, outputBag.get(word) ?? 0);
    words += times;
  }
  return { found, words };
}

import { unionBox } from "@/lib/documents/layout";
import type { Page, Word } from "@/lib/documents/types";
import { layoutTableRuns } from "./tables";
import type { KeyValuePair } from "./types";
import { continuationLines, lineBelow, lineBeside, lineWords, wrappedLabelAbove } from "./value-lines";
import { isNoiseWord, isValueText, meanWordConfidence, trimNoise, untilWideGap } from "./value-words";

// Labels and values by layout: "Label: value" on one line, "Label    value" separated by a wide
// gap, "Label:" with its value beside it (OCR often reads a form's label and value columns as
// separate lines) or below it, values continued over the lines under them, and filled AcroForm
// fields. Values stop at a column gap and lose the rules and box edges OCR reads as words.

const maxLabelWords = 5;
/** Below this mean word confidence, a label/value guess from a gap alone is OCR noise more often than not. */
const minGapPairConfidence = 0.75;

function looksLikeLabel(words: Word[]): boolean {
  if (words.length === 0 || words.length > maxLabelWords || words.some(isNoiseWord)) return false;
  const text = words.map((word) => word.text).join(" ").replace(/:$/, "");
  return /\p{L}{2}/u.test(text) && !/\d{3,}/.test(text) && text.length <= 40;
}

function pair(page: Page, keyWords: Word[], rawValueWords: Word[], method: KeyValuePair["method"]): KeyValuePair | undefined {
  const valueWords = trimNoise(rawValueWords);
  const key = keyWords.map((word) => word.text).join(" ").replace(/\s*:$/, "").trim();
  if (!key || !isValueText(valueWords)) return undefined;
  const value = valueWords.map((word) => word.text).join(" ").trim();
  const base = method === "colon" ? 0.9 : method === "below" ? 0.75 : 0.65;
  return {
    key,
    value,
    page: page.pageNumber,
    keyBox: unionBox(keyWords.map((word) => word.box)),
    valueBox: unionBox(valueWords.map((word) => word.box)),
    confidence: Math.round(base * meanWordConfidence([...keyWords, ...valueWords]) * 100) / 100,
    method,
  };
}

function widestGap(words: Word[]): { index: number; gap: number } {
  let best = { index: -1, gap: 0 };
  for (let index = 1; index < words.length; index++) {
    const gap = words[index].box.x - (words[index - 1].box.x + words[index - 1].box.width);
    if (gap > best.gap) best = { index, gap };
  }
  return best;
}

const gapBefore = (words: Word[], index: number) => words[index].box.x - (words[index - 1].box.x + words[index - 1].box.width);

/**
 * Where the next label starts in the words after a label: "Name: Ann   Date of birth: 2 May" holds
 * two pairs. A later word ending with a colon ends a label of up to maxLabelWords words that
 * starts after a gap wider than a word space.
 */
function nextLabelStart(rest: Word[], height: number): number {
  for (let colon = 1; colon < rest.length; colon++) {
    if (!/:$/.test(rest[colon].text) || /^\d{1,2}:$/.test(rest[colon].text)) continue;
    for (let start = colon; start >= Math.max(1, colon - maxLabelWords + 1); start--) {
      if (gapBefore(rest, start) > height * 1.2 && looksLikeLabel(rest.slice(start, colon + 1))) return start;
    }
  }
  return -1;
}

function colonPairs(page: Page, keyWords: Word[], rest: Word[]): KeyValuePair[] {
  const height = keyWords[0].box.height;
  const nextLabel = nextLabelStart(rest, height);
  const valueWords = untilWideGap(nextLabel > 0 ? rest.slice(0, nextLabel) : rest, height * 3);
  const found = pair(page, keyWords, valueWords, "colon");
  const pairs = found ? [found] : [];
  if (nextLabel > 0) {
    const next = rest.slice(nextLabel);
    const colonAt = next.findIndex((word) => /:$/.test(word.text));
    if (next.length > colonAt + 1) pairs.push(...colonPairs(page, next.slice(0, colonAt + 1), next.slice(colonAt + 1)));
  }
  return pairs;
}

/** "Label:" alone on its line: the value beside it, else below it, with the lines continuing it. */
function detachedValue(page: Page, keyWords: Word[], taken: Set<number>): { pair: KeyValuePair; lines: number[] } | undefined {
  // Placed against the label's last line, which holds the colon (a wrapped label starts above it).
  const label = unionBox(keyWords.filter((word) => word.box.y >= keyWords.at(-1)!.box.y - keyWords.at(-1)!.box.height / 2).map((word) => word.box));
  const beside = lineBeside(page, label, taken);
  const first = beside ?? lineBelow(page, label, taken);
  if (first === undefined) return undefined;
  const firstWords = lineWords(page, first);
  if (firstWords.some((word, index) => index < maxLabelWords && /:$/.test(word.text))) return undefined;
  const lines = continuationLines(page, first, taken);
  const valueWords = lines.flatMap((index) => untilWideGap(lineWords(page, index), label.height * 3));
  const found = pair(page, keyWords, valueWords, beside === undefined ? "below" : "colon");
  return found ? { pair: found, lines } : undefined;
}

function pairsOnPage(page: Page): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const taken = new Set<number>();
  // Rows of tables are table cells, not label/value pairs: three or more columns always, two
  // columns when three or more such rows line up.
  const tableLines = new Set(
    layoutTableRuns(page)
      .filter((run) => run.rows[0].cells.length >= 3 || run.rows.length >= 3)
      .flatMap((run) => run.lineIndexes),
  );
  for (let lineIndex = 0; lineIndex < page.lines.length; lineIndex++) {
    if (taken.has(lineIndex)) continue;
    const words = lineWords(page, lineIndex);
    const colonAt = words.findIndex((word, index) => index < maxLabelWords && /:$/.test(word.text) && !/^\d{1,2}:$/.test(word.text));
    if (colonAt >= 0 && looksLikeLabel(words.slice(0, colonAt + 1))) {
      taken.add(lineIndex);
      const keyWords = words.slice(0, colonAt + 1);
      const rest = words.slice(colonAt + 1);
      if (rest.length > 0) {
        pairs.push(...colonPairs(page, keyWords, rest));
        continue;
      }
      const above = wrappedLabelAbove(page, lineIndex, taken);
      const wrapped = above !== undefined && looksLikeLabel([...lineWords(page, above), ...keyWords]);
      if (wrapped) taken.add(above);
      const detached = detachedValue(page, wrapped ? [...lineWords(page, above), ...keyWords] : keyWords, taken);
      if (detached) {
        pairs.push(detached.pair);
        for (const index of detached.lines) taken.add(index);
      }
      continue;
    }
    const { index, gap } = widestGap(words);
    const lineHeight = page.lines[lineIndex].box.height;
    if (index > 0 && !tableLines.has(lineIndex) && gap > lineHeight * 2.5 && looksLikeLabel(words.slice(0, index)) && words.length - index <= 8 && meanWordConfidence(words) >= minGapPairConfidence) {
      const found = pair(page, words.slice(0, index), untilWideGap(words.slice(index), lineHeight * 3), "gap");
      if (found) pairs.push(found);
    }
  }
  for (const field of page.formFields ?? []) {
    pairs.push({ key: field.name, value: field.value, page: page.pageNumber, valueBox: field.box, confidence: 1, method: "form_field" });
  }
  return pairs;
}

export function findKeyValuePairs(pages: Page[]): KeyValuePair[] {
  return pages.flatMap(pairsOnPage);
}

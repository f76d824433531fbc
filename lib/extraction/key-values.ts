import type { Page, Word } from "@/lib/documents/types";
import { checkboxPairs } from "./checkboxes";
import { detachedPairs, type OpenLabel } from "./detached-values";
import { headerRowPairs, readsAsHeading } from "./header-rows";
import { lineLabels } from "./inline-pairs";
import { looksLikeLabel, meaningfulWords } from "./label-words";
import { makePair } from "./make-pair";
import { claim, freeWords, pageWords, type PageWords } from "./page-words";
import { layoutTableRuns } from "./tables";
import type { KeyValuePair } from "./types";
import { unmarkedLabelPairs } from "./unmarked-labels";
import { isNoiseWord, meanWordConfidence, untilWideGap } from "./value-words";

// Labels and values by layout, strongest evidence first, each word used by one pair at most:
// ticked checkboxes; labels closed by a colon with their value after them, beside them or in the
// column below; labels in capitals or ending in "No." followed by their value; rows of headings
// over columns of values; and "Label    value" separated by a wide gap. Filled AcroForm fields are
// pairs as they are.

/** Below this mean word confidence, a label/value guess from a gap alone is OCR noise more often than not. */
const minGapPairConfidence = 0.75;

function widestGap(words: Word[]): { index: number; gap: number } {
  let best = { index: -1, gap: 0 };
  for (let index = 1; index < words.length; index++) {
    const gap = words[index].box.x - (words[index - 1].box.x + words[index - 1].box.width);
    if (gap > best.gap) best = { index, gap };
  }
  return best;
}

/**
 * "Label    value" across a wide gap. Rows of two-column lists look the same, so the label must
 * read as one (capitalised, not a count), and the value must not be a field of its own (a label,
 * an "(a)" item) nor, after a one-word label, words without a number ("Enclosed   A stamped envelope").
 */
function gapPair(state: PageWords, lineIndex: number): KeyValuePair | undefined {
  const words = freeWords(state, lineIndex);
  const { index, gap } = widestGap(words);
  const lineHeight = state.page.lines[lineIndex].box.height;
  if (
    index <= 0 ||
    gap <= lineHeight * 2.5 ||
    words.length - index > 8 ||
    meanWordConfidence(words) < minGapPairConfidence
  )
    return undefined;
  const label = words.slice(0, index);
  const value = untilWideGap(words.slice(index), lineHeight * 3);
  const valueText = value.map((word) => word.text).join(" ");
  if (
    !looksLikeLabel(label) ||
    label.some(isNoiseWord) ||
    /^\P{L}*\p{Ll}/u.test(label[0].text) ||
    /^\d+$/.test(label[0].text)
  )
    return undefined;
  if (value.some((word) => /\p{L}:/u.test(word.text)) || /^\(\w{1,2}\)/u.test(valueText)) return undefined;
  // One word alone on either side is as likely the next column's heading or a list entry.
  if ((meaningfulWords(label).length === 1 || meaningfulWords(value).length === 1) && !/\d/.test(valueText))
    return undefined;
  const found = makePair(state.page, label, value, "gap");
  if (found) claim(state, [...label, ...value]);
  return found;
}

type TableRun = ReturnType<typeof layoutTableRuns>[number];

/** Line indexes of the layout tables (runs of aligned multi-cell lines) that `isTable` accepts. */
function tableLines(page: Page, isTable: (run: TableRun) => boolean): Set<number> {
  return new Set(
    layoutTableRuns(page)
      .filter(isTable)
      .flatMap((run) => run.lineIndexes),
  );
}

/** Rows of headings and rows of values by turns: a form's grid of labelled boxes, not a table. */
function alternates(run: TableRun): boolean {
  return run.rows.every((row, index) => row.cells.every(readsAsHeading) === (index % 2 === 0));
}

/** Line indexes top to bottom (OCR may list a page's columns one after the other). */
const topDown = (page: Page) =>
  page.lines.map((_, index) => index).sort((a, b) => page.lines[a].box.y - page.lines[b].box.y);

function pairsOnPage(page: Page): KeyValuePair[] {
  const state = pageWords(page);
  const pairs: KeyValuePair[] = [];
  const lines = page.lines.map((_, index) => index);
  for (const lineIndex of lines) {
    const found = checkboxPairs(page, freeWords(state, lineIndex), page.lines[lineIndex].box.height);
    pairs.push(...found.pairs);
    claim(state, found.used);
  }
  const open: OpenLabel[] = [];
  for (const lineIndex of lines) {
    const found = lineLabels(state, lineIndex);
    pairs.push(...found.pairs);
    for (const words of found.open) {
      claim(state, words);
      open.push({ words, line: lineIndex });
    }
  }
  pairs.push(...detachedPairs(state, open));
  // Rows of tables are table cells, not label/value pairs: three or more columns always (a
  // description in capitals then numbers is an item), two columns when three or more such rows
  // line up (for a gap, the only evidence). A table's header row heads a column of values only
  // in a short form table: a longer one is reported as a table.
  const wide = tableLines(page, (run) => run.rows[0].cells.length >= 3);
  const gridded = tableLines(page, (run) => run.rows[0].cells.length >= 3 || run.rows.length >= 3);
  const long = tableLines(page, (run) => run.rows.length >= 3 && !alternates(run));
  for (const lineIndex of lines) if (!wide.has(lineIndex)) pairs.push(...unmarkedLabelPairs(state, lineIndex));
  for (const lineIndex of topDown(page)) if (!long.has(lineIndex)) pairs.push(...headerRowPairs(state, lineIndex));
  for (const lineIndex of lines) {
    const found = gridded.has(lineIndex) ? undefined : gapPair(state, lineIndex);
    if (found) pairs.push(found);
  }
  return inReadingOrder(page, pairs);
}

/** Pairs in the order their labels are read: by the line holding the label's end, then left to right. */
function inReadingOrder(page: Page, pairs: KeyValuePair[]): KeyValuePair[] {
  const lineOf = ({ keyBox }: KeyValuePair) => {
    const x = keyBox!.x + keyBox!.width;
    const y = keyBox!.y + keyBox!.height * 0.75;
    const index = page.lines.findIndex(
      ({ box }) => y >= box.y && y <= box.y + box.height && x >= box.x && x <= box.x + box.width + 1e-9,
    );
    return index < 0 ? page.lines.length : index;
  };
  return pairs
    .map((pair) => ({ pair, line: lineOf(pair) }))
    .sort((a, b) => a.line - b.line || a.pair.keyBox!.x - b.pair.keyBox!.x)
    .map(({ pair }) => pair);
}

export function findKeyValuePairs(pages: Page[]): KeyValuePair[] {
  return pages.flatMap((page) => [
    ...pairsOnPage(page),
    ...(page.formFields ?? []).map((field): KeyValuePair => ({
      key: field.name,
      value: field.value,
      page: page.pageNumber,
      valueBox: field.box,
      confidence: 1,
      method: "form_field",
    })),
  ]);
}

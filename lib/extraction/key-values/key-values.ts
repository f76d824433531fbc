import type { Page } from "@/lib/pages/types";
import { checkboxPairs } from "./checkboxes";
import { detachedPairs, type OpenLabel } from "./detached-values";
import { headerRowPairs, readsAsHeading } from "./header-rows";
import { lineLabels } from "./inline-pairs";
import { claim, freeWords, pageWords } from "./page-words";
import { layoutTableRuns } from "../tables/tables";
import type { KeyValuePair } from "../types";
import { rowPhrasePairs } from "./row-phrases";
import { titledLabelBeside, titledLabelPairs } from "./titled-labels";
import { unmarkedLabelPairs } from "./unmarked-labels";

// Labels and values by layout, strongest evidence first, each word used by one pair at most:
// ticked checkboxes; labels closed by a colon with their value after them; "Label ___value___"
// on a fill-in rule (row-phrases.ts); open labels' values beside them or in the column below;
// labels in capitals or ending in "No." followed by their value; and rows of headings over columns
// of values. Filled AcroForm fields are pairs as they are.

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

/** The pairs the layout rules find on a page, in reading order. */
export function layoutPairs(page: Page): KeyValuePair[] {
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
  // A value on a fill-in rule is stronger evidence than a place beside or under an open label, a
  // heading's column or letter case.
  for (const lineIndex of lines) pairs.push(...rowPhrasePairs(state, lineIndex));
  pairs.push(...detachedPairs(state, open));
  // Rows of tables are table cells, not label/value pairs: on a table of three or more columns a
  // description in capitals then numbers is an item. A table's header row heads a column of values
  // only in a short form table: a longer one is reported as a table.
  const wide = tableLines(page, (run) => run.rows[0].cells.length >= 3);
  const long = tableLines(page, (run) => run.rows.length >= 3 && !alternates(run));
  // A label's value beside it on its row is nearer than a heading's column over it, and is read
  // whole before a value opening in capitals ("PALL MALL Regular") is taken for a label of its own.
  for (const lineIndex of lines) pairs.push(...titledLabelBeside(state, lineIndex));
  for (const lineIndex of lines) if (!wide.has(lineIndex)) pairs.push(...unmarkedLabelPairs(state, lineIndex));
  for (const lineIndex of topDown(page)) if (!long.has(lineIndex)) pairs.push(...headerRowPairs(state, lineIndex));
  for (const lineIndex of lines) pairs.push(...titledLabelPairs(state, lineIndex));
  return inReadingOrder(page, pairs);
}

/** Pairs in the order their labels are read: by the line holding the label's end, then left to right. */
export function inReadingOrder(page: Page, pairs: KeyValuePair[]): KeyValuePair[] {
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
    ...layoutPairs(page),
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

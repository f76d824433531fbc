import { unionBox } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { columnHeads, columnValues } from "./column-values";
import {
  contrastsWithCapitals,
  endsWithColon,
  isCapitalsLabel,
  isNumberLike,
  looksLikeLabel,
  medianWordHeight,
  meaningfulWords,
  splitAtGaps,
} from "../words/label-words";
import { makePair } from "./make-pair";
import { claim, freeWords, type PageWords } from "./page-words";
import type { KeyValuePair } from "../types";
import { lineWords, visualLines } from "../words/value-lines";
import { meanWordConfidence } from "../words/value-words";

// Labels without a colon over the values under them: a row of headings set apart by wide gaps
// ("Name   Phone Number   Firm", "Sender Voice Number   Call if pages are missing") over
// rows of values, or one heading in capitals alone on its row over a value in mixed case or
// digits ("SECTION TO BE CORRECTED (PAGE AND LINE)" / "Page 3, line 12"). Without
// a colon the evidence is in the values: a header row needs its first values right under it,
// under two of its headings, with a number among them and not all of them reading as headings
// themselves; a lone heading needs a value printed differently from it.

const maxHeadingWords = 6;
const minStubRows = 3;
/** Values under one heading that make its column a table's. */
const minTableRows = 3;
/** A lone heading in capitals may run longer, its parenthesised note aside. */
const maxLoneHeadingWords = 7;

type ColumnValues = ReturnType<typeof columnValues>;

const text = (words: Word[]) => words.map((word) => word.text).join(" ");
const bottom = (words: Word[]) => Math.max(...words.map((word) => word.box.y + word.box.height));

/** Words that read as a heading: a few words, capitalised, no number, no colon, not a sentence's end. */
export function readsAsHeading(cell: Word[]): boolean {
  const words = meaningfulWords(cell);
  const label = text(words);
  return (
    looksLikeLabel(words, maxHeadingWords) &&
    /^[("“]?\p{Lu}/u.test(label) &&
    !isNumberLike(label) &&
    !words.some(endsWithColon) &&
    !/\p{L}{4}[.!]$/u.test(label)
  );
}

/** Confidence of a heading that makes a row of headings; once two are that sure, their row-mates need less. */
const minHeadingConfidence = 0.5;
const minRowMateConfidence = 0.3;

const looksLikeHeading = (cell: Word[], minConfidence = minHeadingConfidence) =>
  readsAsHeading(cell) && meanWordConfidence(meaningfulWords(cell)) >= minConfidence;

function looksLikeLoneHeading(cell: Word[]): boolean {
  const words = meaningfulWords(cell);
  const outsideNotes = text(words)
    .replace(/\([^)]*\)?/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  return (
    isCapitalsLabel(words) &&
    outsideNotes.length <= maxLoneHeadingWords &&
    !isNumberLike(text(words)) &&
    !words.some(endsWithColon) &&
    !/\p{L}{4}[.!]$/u.test(text(words)) &&
    meanWordConfidence(words) >= 0.5
  );
}

/** How far from the page's middle a title's centre may sit, as a share of the page's width. */
const maxTitleOffCentre = 0.08;

/**
 * A heading centred across the page ("QUARTERLY SALES REVIEW" over "Prepared for the board"):
 * the document's or a section's title, and the lines under it its subtitle or its text, not a
 * label's value. Labels sit at the left of their field.
 */
function isCentredTitle(words: Word[]): boolean {
  const box = unionBox(words.map((word) => word.box));
  return Math.abs(box.x + box.width / 2 - 0.5) <= maxTitleOffCentre;
}

/** Lines on the same row as `lineIndex` (OCR may read one row as several lines). */
function rowLines(state: PageWords, lineIndex: number): number[] {
  const line = state.page.lines[lineIndex].box;
  const centre = line.y + line.height / 2;
  return state.page.lines.flatMap((other, index) =>
    Math.abs(other.box.y + other.box.height / 2 - centre) < Math.min(other.box.height, line.height) * 0.5
      ? [index]
      : [],
  );
}

/** The values on the first row under the headings, if that row is right under them. */
function firstRow(headings: Word[][], values: ColumnValues): Word[][] {
  const tops = values.flat().map((value) => value.top);
  if (tops.length === 0) return [];
  const first = Math.min(...tops);
  const wordHeight = medianWordHeight(headings.flat());
  if (first - Math.max(...headings.map(bottom)) > wordHeight * 1.2) return [];
  return values
    .flat()
    .filter((value) => value.top < first + wordHeight)
    .map((value) => value.words);
}

function isHeaderRow(headings: Word[][], values: ColumnValues): boolean {
  const first = firstRow(headings, values);
  return (
    values.filter((column) => column.length > 0).length >= 2 &&
    first.length >= 2 &&
    first.some((value) => /\d/.test(text(value))) &&
    !first.every(readsAsHeading)
  );
}

function pairsUnder(
  state: PageWords,
  headings: Word[][],
  others: Word[][],
  accept: (values: ColumnValues) => boolean,
): KeyValuePair[] {
  const heads = columnHeads(headings, others);
  const values = columnValues(state, heads);
  if (!accept(values)) return [];
  // Half the columns or more running three values deep is a table under its header row, left to the
  // table reader (OCR may split its rows so that the layout-table finder missed it).
  if (headings.length >= 2 && values.filter((column) => column.length >= minTableRows).length * 2 >= values.length)
    return [];
  const pairs: KeyValuePair[] = [];
  values.forEach((column, index) => {
    // A long column of headings under a heading is a table's row labels ("Overall Length", "Tipping Length", …), not its values.
    if (column.length >= minStubRows && column.filter(({ words }) => readsAsHeading(words)).length * 2 > column.length)
      return;
    for (const { words } of column) {
      const found = makePair(state.page, heads[index].words, words, "below");
      if (!found) continue;
      pairs.push(found);
      claim(state, [...heads[index].words, ...words]);
    }
  });
  return pairs;
}

/** Pairs under the headings on the row of `lineIndex`, if that row is headings. */
export function headerRowPairs(state: PageWords, lineIndex: number): KeyValuePair[] {
  const lines = rowLines(state, lineIndex);
  const words = lines.flatMap((index) => freeWords(state, index)).sort((a, b) => a.box.x - b.box.x);
  if (words.length === 0) return [];
  const cells = splitAtGaps(words, medianWordHeight(words) * 2.5).filter((cell) => meaningfulWords(cell).length > 0);
  const sure = cells.filter((cell) => looksLikeHeading(cell));
  const headings = sure.length >= 2 ? cells.filter((cell) => looksLikeHeading(cell, minRowMateConfidence)) : sure;
  if (headings.length >= 2) {
    // A number between the headings makes the row a row of values, not of headings.
    const span = unionBox(headings.flat().map((word) => word.box));
    const others = cells.filter((cell) => !headings.includes(cell));
    if (
      others.some((cell) => isNumberLike(text(cell)) && cell[0].box.x > span.x && cell[0].box.x < span.x + span.width)
    )
      return [];
    return pairsUnder(state, headings, others, (values) => isHeaderRow(headings, values));
  }
  // A lone heading is alone on its row, claimed words included.
  const alone =
    lines.flatMap((index) => meaningfulWords(lineWords(state.page, index))).length === meaningfulWords(words).length;
  if (cells.length === 1 && alone && looksLikeLoneHeading(cells[0]) && !isCentredTitle(cells[0])) {
    // Every line of the value reads as typed in, or it is the form's printed text going on.
    return pairsUnder(
      state,
      [cells[0]],
      [],
      (values) =>
        values[0].length > 0 &&
        values[0].every((value) => visualLines(value.words).every((line) => contrastsWithCapitals(text(line)))),
    );
  }
  return [];
}

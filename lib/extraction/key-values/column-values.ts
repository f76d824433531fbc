import { unionBox } from "@/lib/pages/layout";
import type { Box, Word } from "@/lib/pages/types";
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
import { freeWords, type PageWords } from "./page-words";
import { lineWords } from "../words/value-lines";
import { meanWordConfidence, trimNoise } from "../words/value-words";

// Values in columns under their labels: a label (or a row of labels, a form table's header) with
// its values on the lines below, each value under the label it belongs to. A column runs down
// until a label, a blank stretch or a line running across it. Values over several lines are told
// from separate values by spacing: where some values stand apart, lines set close together are
// one value wrapped ("Green & Hart" / "Shipping Ltd."); under a lone label, close lines are
// one value and only short, evenly spaced entries are a list of values.

export interface ColumnHead {
  words: Word[];
  /** Value text starting in [start, end) belongs to this column. */
  start: number;
  end: number;
}

interface Cell {
  words: Word[];
  box: Box;
  /** Words another pair has taken: they end a column they fall in. */
  claimed?: boolean;
}

const text = (words: Word[]) => words.map((word) => word.text).join(" ");
const bottom = (box: Box) => box.y + box.height;
/** Lines this unsure are smudges and stamps read as letters. */
const minLineConfidence = 0.3;

/** Heads side by side in one row: each column reaches halfway to its neighbours. */
export function columnHeads(labels: Word[][], neighbours: Word[][] = []): ColumnHead[] {
  const boxes = [...labels, ...neighbours]
    .map((words) => unionBox(words.map((word) => word.box)))
    .sort((a, b) => a.x - b.x);
  return labels
    .map((words) => {
      const box = unionBox(words.map((word) => word.box));
      const reach = medianWordHeight(words) * 3;
      const left = boxes.filter((other) => other.x < box.x).at(-1);
      const right = boxes.find((other) => other.x > box.x);
      return {
        words,
        start: left ? (left.x + left.width + box.x) / 2 : box.x - reach,
        end: right ? (box.x + box.width + right.x) / 2 : box.x + box.width + Math.max(box.width, reach),
      };
    })
    .sort((a, b) => a.start - b.start);
}

/** A cell reading as a label: it ends with a colon, or it is a heading over a value that contrasts with it. */
function isLabelCell(words: Word[], below: Word[] | undefined): boolean {
  if (words.slice(0, 5).some(endsWithColon)) return true;
  if (!below || !looksLikeLabel(words, 6) || isNumberLike(text(words))) return false;
  const value = text(below);
  return /\d/.test(value) || (isCapitalsLabel(words) && contrastsWithCapitals(value));
}

function cellsOf(words: Word[], splitGap: number | undefined, claimed: boolean): Cell[] {
  return (
    splitAtGaps(words, splitGap ?? medianWordHeight(meaningfulWords(words)) * 1.2)
      .filter((cell) => trimNoise(cell).length > 0)
      // Placed by its text; an "&" opening or closing it still joins the value it continues.
      .map((cell) => ({ words: cell, box: unionBox(trimNoise(cell).map((word) => word.box)), claimed }))
  );
}

/** The lines from `top` down, in order, as their cells (split at gaps wider than a word space). */
function rowsBelow(state: PageWords, top: number, splitGap: number | undefined): Cell[][] {
  return state.page.lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.box.y + line.box.height / 2 > top)
    .sort((a, b) => a.line.box.y - b.line.box.y)
    .map(({ index }) => {
      const free = freeWords(state, index);
      const claimed = lineWords(state.page, index).filter((word) => !free.includes(word));
      const readable =
        meaningfulWords(free).length > 0 && meanWordConfidence(meaningfulWords(free)) >= minLineConfidence;
      return [...(readable ? cellsOf(free, splitGap, false) : []), ...cellsOf(claimed, splitGap, true)].sort(
        (a, b) => a.box.x - b.box.x,
      );
    })
    .filter((cells) => cells.length > 0);
}

/** The unclaimed cell in the next row down that overlaps `cell` horizontally. */
function cellUnder(rows: Cell[][], rowIndex: number, cell: Cell): Cell | undefined {
  for (const row of rows.slice(rowIndex + 1, rowIndex + 3)) {
    if (row[0].box.y - bottom(cell.box) > cell.box.height * 2.5) return undefined;
    const under = row.find(
      (candidate) =>
        !candidate.claimed &&
        candidate.box.x < cell.box.x + cell.box.width &&
        cell.box.x < candidate.box.x + candidate.box.width,
    );
    if (under) return under;
  }
  return undefined;
}

/**
 * The cells under each head, top down. `single` is a lone label: its lines are taken whole (up to a
 * wide gap) rather than split into cells.
 */
function collectCells(state: PageWords, heads: ColumnHead[], single: boolean): Cell[][] {
  const headBox = unionBox(heads.flatMap((head) => head.words.map((word) => word.box)));
  const wordHeight = medianWordHeight(heads.flatMap((head) => head.words));
  const columns: Cell[][] = heads.map(() => []);
  const closed = heads.map(() => false);
  const rows = rowsBelow(state, bottom(headBox), single ? wordHeight * 3 : undefined);
  let lastBottom = bottom(headBox);
  for (const [rowIndex, row] of rows.entries()) {
    const limit = columns.some((cells) => cells.length > 0) ? wordHeight * 4 : headBox.height * 2.5;
    if (row[0].box.y - lastBottom > limit) break;
    // Another row of headings (two or more labels over values) starts the next table.
    if (!single && row.filter((cell) => isLabelCell(cell.words, cellUnder(rows, rowIndex, cell)?.words)).length >= 2)
      break;
    if (row.every((cell) => cell.claimed)) {
      // Another pair's line: it ends the columns it falls in, and is no value's line.
      for (const cell of row) {
        const column = heads.findIndex((head) => cell.box.x >= head.start && cell.box.x < head.end);
        if (column >= 0) closed[column] = true;
      }
      if (closed.every(Boolean)) break;
      continue;
    }
    for (const cell of row) {
      const column = heads.findIndex((head) => cell.box.x >= head.start && cell.box.x < head.end);
      if (column < 0) {
        // A line running in from the left under the first heading ends the columns (a paragraph, the next section).
        const first = unionBox(heads[0].words.map((word) => word.box));
        if (cell.box.x < heads[0].start && cell.box.x + cell.box.width > first.x + first.width / 2) closed.fill(true);
        continue;
      }
      if (closed[column]) continue;
      if (cell.claimed || isLabelCell(cell.words, cellUnder(rows, rowIndex, cell)?.words)) {
        closed[column] = true;
        continue;
      }
      columns[column].push(cell);
      lastBottom = Math.max(lastBottom, bottom(cell.box));
    }
    if (closed.every(Boolean)) break;
  }
  return columns;
}

/**
 * Cells grouped into values. Under a row of headings, close cells join when the column also has
 * cells set apart; under a lone label, close lines join, and a paragraph's lines (a long first
 * line) join across wider spacing. A number never continues a value.
 */
function groupCells(cells: Cell[], single: boolean): Word[][] {
  if (cells.length === 0) return [];
  const wordHeight = medianWordHeight(cells.flatMap((cell) => cell.words));
  const gaps = cells.slice(1).map((cell, index) => cell.box.y - bottom(cells[index].box));
  const spaced = gaps.some((gap) => gap > wordHeight * 1.5);
  const values: Word[][] = [[...cells[0].words]];
  cells.slice(1).forEach((cell, index) => {
    const gap = gaps[index];
    const paragraph = values.at(-1)!.length >= 6;
    const close = single
      ? gap < cells[index].box.height * 0.9 || (paragraph && gap < wordHeight * 2.2)
      : spaced && gap < wordHeight * 0.8;
    if (close && !isNumberLike(text(cell.words))) values.at(-1)!.push(...cell.words);
    else values.push([...cell.words]);
  });
  return values;
}

/** Under a lone label, more than one value only when they are short and evenly spaced: a list. */
function listOrFirst(values: Word[][], cells: Cell[]): Word[][] {
  if (values.length < 2 || values.some((value) => value.length > 8)) return values.slice(0, 1);
  const starts = values.map((value) => cells.find((cell) => cell.words[0] === value[0])!.box.y);
  const pitches = starts.slice(1).map((start, index) => start - starts[index]);
  return pitches.every((pitch) => pitch <= pitches[0] * 2) ? values : values.slice(0, 1);
}

/** The values under each head, in the heads' order, each with the top of its first line. */
export function columnValues(state: PageWords, heads: ColumnHead[]): Array<Array<{ words: Word[]; top: number }>> {
  const single = heads.length === 1;
  return collectCells(state, heads, single).map((cells) => {
    const values = groupCells(cells, single);
    return (single ? listOrFirst(values, cells) : values).map((words) => ({
      words,
      top: Math.min(...words.map((word) => word.box.y)),
    }));
  });
}

import { unionBox } from "@/lib/pages/layout";
import type { Box, Page, Word } from "@/lib/pages/types";
import { rulingTables } from "./ruling-tables";
import type { ExtractedTable } from "../types";

// Tables from geometry: ruled grids in OCR page images (ruling-tables.ts), and rows of text whose
// cells, split at wide gaps, sit in the same columns (a cell may be empty, a subheading may stand
// alone on its row, a heading may span columns). Tables the source already knew (sheets, DOCX,
// slides) are taken as they are. A table ending a page and one with the same columns starting the
// next page are one table continued. `layoutTableRuns` (stricter: the same number of aligned
// cells row after row) tells key-value reading which lines are table rows.

interface Row {
  cells: Word[][];
  starts: number[];
}

function splitCells(words: Word[], gapThreshold: number): Word[][] {
  const cells: Word[][] = [];
  for (const word of words) {
    const current = cells.at(-1);
    const previous = current?.at(-1);
    if (current && previous && word.box.x - (previous.box.x + previous.box.width) < gapThreshold) current.push(word);
    else cells.push([word]);
  }
  return cells;
}

function aligned(a: Row, b: Row, tolerance: number): boolean {
  if (a.cells.length !== b.cells.length) return false;
  // Columns align on the left edge or (right-aligned numbers) on the right edge.
  return a.cells.every((cell, index) => {
    const other = b.cells[index];
    const leftA = cell[0].box.x;
    const leftB = other[0].box.x;
    const rightA = cell.at(-1)!.box.x + cell.at(-1)!.box.width;
    const rightB = other.at(-1)!.box.x + other.at(-1)!.box.width;
    return (
      Math.abs(leftA - leftB) < tolerance || Math.abs(rightA - rightB) < tolerance || (leftB < rightA && leftA < rightB)
    );
  });
}

interface VisualRow {
  words: Word[];
  lineIndexes: number[];
  height: number;
}

/**
 * The page's rows of text top to bottom. On an OCR page lines side by side at one height are one
 * row: the recogniser reads a table without rules as blocks of columns ("Description" over the
 * item names, then "Qty Unit Price Amount" over the figures), which are a table only side by side.
 */
function visualRows(page: Page): VisualRow[] {
  const rows = page.lines.map((line, lineIndex) => ({
    words: page.words.slice(line.firstWord, line.firstWord + line.wordCount),
    lineIndexes: [lineIndex],
    height: line.box.height,
    box: line.box,
  }));
  if (page.source !== "ocr") return rows;
  const merged: typeof rows = [];
  for (const row of [...rows].sort((a, b) => a.box.y - b.box.y)) {
    const middle = row.box.y + row.box.height / 2;
    const beside = merged.find(
      (other) =>
        Math.abs(other.box.y + other.box.height / 2 - middle) < 0.5 * Math.min(other.box.height, row.box.height) &&
        !other.words.some((word) => word.box.x < row.box.x + row.box.width && row.box.x < word.box.x + word.box.width),
    );
    if (!beside) {
      merged.push({ ...row, words: [...row.words], lineIndexes: [...row.lineIndexes] });
      continue;
    }
    beside.words.push(...row.words);
    beside.words.sort((a, b) => a.box.x - b.box.x);
    beside.lineIndexes.push(...row.lineIndexes);
    beside.height = Math.max(beside.height, row.height);
    beside.box = unionBox([beside.box, row.box]);
  }
  return merged;
}

/** Runs of aligned multi-cell rows on a page, with the indexes of their lines. */
export function layoutTableRuns(page: Page): Array<{ rows: Row[]; lineIndexes: number[] }> {
  const runs: Array<{ rows: Row[]; lineIndexes: number[] }> = [];
  let run: Row[] = [];
  let lineIndexes: number[] = [];
  const flush = () => {
    if (run.length >= 2) runs.push({ rows: run, lineIndexes });
    run = [];
    lineIndexes = [];
  };
  for (const visualRow of visualRows(page)) {
    const cells = splitCells(visualRow.words, visualRow.height * 1.2);
    const row: Row = { cells, starts: cells.map((cell) => cell[0].box.x) };
    if (cells.length < 2) {
      flush();
      continue;
    }
    if (run.length > 0 && !aligned(run.at(-1)!, row, 0.02)) flush();
    run.push(row);
    lineIndexes.push(...visualRow.lineIndexes);
  }
  flush();
  return runs;
}

interface Column {
  left: number;
  right: number;
}

const cellLeft = (cell: Word[]) => cell[0].box.x;
const cellRight = (cell: Word[]) => cell.at(-1)!.box.x + cell.at(-1)!.box.width;

/** The columns a cell belongs to: those it overlaps or shares an edge with. */
function columnsOf(cell: Word[], columns: Column[], tolerance: number): number[] {
  const left = cellLeft(cell);
  const right = cellRight(cell);
  return columns.flatMap((column, index) =>
    (left < column.right && column.left < right) ||
    Math.abs(left - column.left) < tolerance ||
    Math.abs(right - column.right) < tolerance
      ? [index]
      : [],
  );
}

/**
 * Where a row's cells sit among a table's columns (a cell straddling several at the first of
 * them), or undefined when the row is not a row of that table. A cell may fall in a column of its
 * own (between or beside the others) and cells may be missing, but at least two of the row's cells
 * (one, for a lone cell) must each sit in exactly one column, as many as straddle or fall outside,
 * and no two cells share a column.
 */
function placeRow(cells: Word[][], columns: Column[], tolerance: number): Array<number[]> | undefined {
  const placed = cells.map((cell) => columnsOf(cell, columns, tolerance));
  const exact = placed.filter((found) => found.length === 1).length;
  if (exact < Math.min(2, cells.length) || exact < cells.length - exact) return undefined;
  const known = placed.filter((found) => found.length > 0);
  if (known.some((found, at) => at > 0 && found[0] <= known[at - 1].at(-1)!)) return undefined;
  return placed;
}

/** The table's columns with a row's cells added: a cell widens its column or opens a new one. */
function withRow(columns: Column[], cells: Word[][], placed: Array<number[]>): Column[] {
  const next = columns.map((column) => ({ ...column }));
  cells.forEach((cell, at) => {
    const found = placed[at];
    if (found.length === 0) next.push({ left: cellLeft(cell), right: cellRight(cell) });
    else if (found.length === 1) {
      next[found[0]].left = Math.min(next[found[0]].left, cellLeft(cell));
      next[found[0]].right = Math.max(next[found[0]].right, cellRight(cell));
    }
  });
  return next.sort((a, b) => a.left - b.left);
}

/** A text that reads as running text: six words or more, 40 characters or more. */
const running = (text: string) => text.split(" ").length >= 6 && text.length > 40;

const prose = (cell: Word[]) => running(cell.map((word) => word.text).join(" "));

const NUMBER = /^[\p{Sc}(+\-–]*[\d.,]+%?\)?$/u;

/**
 * A cell of figures read as one (the gap between two numbers was narrow) split where it crosses
 * the table's columns, when each of its words lies in exactly one of them.
 */
function splitAtColumns(cells: Word[][], columns: Column[], tolerance: number): Word[][] {
  return cells.flatMap((cell) => {
    if (cell.length < 2 || columnsOf(cell, columns, tolerance).length < 2) return [cell];
    if (!cell.every((word) => NUMBER.test(word.text))) return [cell];
    const owners = cell.map((word) => columnsOf([word], columns, 0));
    if (owners.some((found) => found.length !== 1)) return [cell];
    const parts: Word[][] = [];
    cell.forEach((word, at) => {
      if (at > 0 && owners[at][0] === owners[at - 1][0]) parts.at(-1)!.push(word);
      else parts.push([word]);
    });
    return parts;
  });
}

/** Each cell of a heading row over one or more of the table's columns, left to right: its first column. */
function headingPlaces(cells: Word[][], columns: Column[], tolerance: number): number[] | undefined {
  const spans = cells.map((cell) => columnsOf(cell, columns, tolerance));
  if (spans.some((span) => span.length === 0) || cells.some(prose)) return undefined;
  // A line ending in a colon introduces the table from the text above it.
  if (cells.length === 1 && cells[0].at(-1)!.text.endsWith(":")) return undefined;
  // A lone line starting over the first column is the title or caption above the table, not a heading
  // (a heading over several columns stands over them, not at the table's left edge).
  if (cells.length === 1 && spans[0][0] === 0) return undefined;
  if (spans.some((span, at) => at > 0 && span[0] <= spans[at - 1].at(-1)!)) return undefined;
  return spans.map((span) => span[0]);
}

/** The columns to report: not those whose cells read as running text (half of them or more). */
function tableColumns(grid: string[][]): boolean[] {
  return grid[0].map((_, index) => {
    const filled = grid.map((row) => row[index]).filter(Boolean);
    return filled.filter(running).length * 2 < filled.length;
  });
}

interface CellRow {
  cells: Word[][];
  top: number;
  bottom: number;
}

/**
 * The page's tables by columns: consecutive rows whose cells sit in the same columns, a row with
 * missing cells (an empty cell) or a lone cell under one column (a section label, a wrapped
 * note) included, so a blank cell or a subheading does not cut a table in two. Up to three rows
 * just above, whose cells each head one or more columns, are its heading. Rows of running text
 * beside each other (two text columns) are not a table.
 */
function layoutTables(page: Page): ExtractedTable[] {
  const tolerance = 0.02;
  const all: CellRow[] = visualRows(page).map((visualRow) => ({
    cells: splitCells(visualRow.words, visualRow.height * 1.2),
    top: Math.min(...visualRow.words.map((word) => word.box.y)),
    bottom: Math.max(...visualRow.words.map((word) => word.box.y + word.box.height)),
  }));
  const tables: ExtractedTable[] = [];
  // The rows (indexes in `all`) each table runs from and to.
  const spans: Array<{ first: number; last: number }> = [];
  let rows: Word[][][] = [];
  let columns: Column[] = [];
  let pending: Word[][][] = [];
  let first = 0;
  let last = 0;
  const flush = () => {
    const grid = rows.map((cells) => {
      const out = columns.map(() => "");
      for (const cell of cells) {
        const index = columnsOf(cell, columns, tolerance)[0];
        const text = cell.map((word) => word.text).join(" ");
        out[index] = out[index] ? `${out[index]} ${text}` : text;
      }
      return out;
    });
    // Running text beside a table is left out; running text side by side is no table.
    const keep = grid.length > 0 ? tableColumns(grid) : [];
    const kept = (row: string[]) => row.filter((_, index) => keep[index]);
    const multi = grid.filter((row) => kept(row).filter(Boolean).length >= 2);
    if (multi.length >= 2 && keep.filter(Boolean).length >= 2) {
      // Heading rows from the nearest up; a short table just above may turn out to be the heading.
      const previous = spans.at(-1);
      const headingRows: number[] = [];
      let lowest = all[first].top;
      const lineHeight = all[first].bottom - all[first].top;
      for (let above = first - 1; above >= 0 && headingRows.length < 3; above--) {
        const places = headingPlaces(all[above].cells, columns, tolerance);
        if (!places || lowest - all[above].bottom > 1.5 * lineHeight) break;
        headingRows.push(above);
        lowest = all[above].top;
      }
      // The heading takes all of the table above or none of it.
      const swallows = previous !== undefined && headingRows.includes(previous.first);
      const heading = headingRows.filter((index) => swallows || !previous || index > previous.last).reverse();
      if (swallows) {
        tables.pop();
        spans.pop();
      }
      const headingGrid = heading.map((index) => {
        const out = columns.map(() => "");
        const places = headingPlaces(all[index].cells, columns, tolerance)!;
        all[index].cells.forEach((cell, at) => (out[places[at]] = cell.map((word) => word.text).join(" ")));
        return out;
      });
      tables.push({
        page: page.pageNumber,
        pages: [page.pageNumber],
        rows: [...headingGrid, ...grid].map(kept).filter((row) => row.some(Boolean)),
        box: unionBox(
          [...rows.flat(2), ...heading.flatMap((index) => all[index].cells.flat())].map((word) => word.box),
        ),
        source: "layout",
      });
      spans.push({ first: heading[0] ?? first, last });
    }
    rows = [];
    columns = [];
    pending = [];
  };
  all.forEach((row, index) => {
    if (row.cells.length === 0) return;
    if (rows.length > 0) {
      const cells = splitAtColumns(row.cells, columns, tolerance);
      const indexes = placeRow(cells, columns, tolerance);
      if (indexes && cells.length >= 2) {
        rows.push(...pending, cells);
        pending = [];
        columns = withRow(columns, cells, indexes);
        last = index;
        return;
      }
      // A lone cell under one column waits for the next row: a row of the table follows it, or not.
      if (indexes && indexes[0].length === 1 && pending.length < 2) {
        pending.push(cells);
        return;
      }
      flush();
    }
    if (row.cells.length >= 2) {
      rows = [row.cells];
      columns = row.cells.map((cell) => ({ left: cellLeft(cell), right: cellRight(cell) }));
      first = index;
      last = index;
    }
  });
  flush();
  return tables;
}

function intersects(a: Box | undefined, b: Box | undefined): boolean {
  return Boolean(a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
}

/** Ruled tables of an OCR page first; word-gap tables only where no ruled table is. */
function pageTables(page: Page): ExtractedTable[] {
  const ruled = rulingTables(page);
  if (ruled.length === 0) return layoutTables(page);
  const elsewhere = layoutTables(page).filter(
    (table) => !ruled.some((ruledTable) => intersects(ruledTable.box, table.box)),
  );
  return [...ruled, ...elsewhere].sort((a, b) => (a.box?.y ?? 0) - (b.box?.y ?? 0));
}

function sourceTables(page: Page): ExtractedTable[] {
  return (page.tables ?? []).map((table) => ({
    page: page.pageNumber,
    pages: [page.pageNumber],
    rows: table.rows,
    box: table.box,
    source: "document" as const,
  }));
}

/**
 * The pages' tables, a table running on from one page to the next as one. `merged` holds the tables
 * of the pages before these (read in batches), which the first table here may continue.
 */
export function findTables(pages: Page[], merged: ExtractedTable[] = []): ExtractedTable[] {
  for (const page of pages) {
    const found = page.tables?.length ? sourceTables(page) : pageTables(page);
    for (const [index, table] of found.entries()) {
      const previous = merged.at(-1);
      const continues =
        index === 0 &&
        previous &&
        previous.source === "layout" &&
        table.source === "layout" &&
        previous.pages.at(-1) === page.pageNumber - 1 &&
        previous.rows[0].length === table.rows[0].length &&
        (table.box?.y ?? 1) < 0.25 &&
        (previous.box ? previous.box.y + previous.box.height > 0.6 : false);
      if (continues && previous) {
        // The heading repeated on the new page (up to three rows) is dropped.
        let repeated = 0;
        while (repeated < 3 && table.rows[repeated]?.join("|") === previous.rows[repeated]?.join("|")) repeated++;
        previous.rows.push(...table.rows.slice(repeated));
        previous.pages.push(page.pageNumber);
      } else merged.push(table);
    }
  }
  return merged;
}

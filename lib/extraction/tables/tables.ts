import { unionBox } from "@/lib/pages/layout";
import type { Box, Page, Word } from "@/lib/pages/types";
import { rulingTables } from "./ruling-tables";
import type { ExtractedTable } from "../types";

// Tables from geometry: ruled grids in OCR page images (ruling-tables.ts), and consecutive lines that split into the same number (≥ 2) of cells at
// wide gaps, with cell starts aligned, form a table. Tables the source already knew (sheets, DOCX,
// slides) are taken as they are. A table ending a page and one with the same columns starting the
// next page are one table continued.

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

function layoutTables(page: Page): ExtractedTable[] {
  return layoutTableRuns(page).map(({ rows }) => ({
    page: page.pageNumber,
    pages: [page.pageNumber],
    rows: rows.map((row) => row.cells.map((cell) => cell.map((word) => word.text).join(" "))),
    box: unionBox(rows.flatMap((row) => row.cells.flat()).map((word) => word.box)),
    source: "layout" as const,
  }));
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
        // A repeated header row on the new page is dropped.
        const rows = table.rows[0].join("|") === previous.rows[0].join("|") ? table.rows.slice(1) : table.rows;
        previous.rows.push(...rows);
        previous.pages.push(page.pageNumber);
      } else merged.push(table);
    }
  }
  return merged;
}

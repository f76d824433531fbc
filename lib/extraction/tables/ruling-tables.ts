import type { Box, Page, RulingLine } from "@/lib/pages/types";
import type { ExtractedTable } from "../types";

// Tables drawn with ruling lines (OCR pages): horizontal and vertical lines that cross each other
// form one grid; its row and column edges make the cells and every OCR word goes to the cell holding
// its centre. A word-gap layout cannot split such tables reliably; the lines say where cells are.

const tolerance = 0.01;

interface Ruling {
  horizontal: boolean;
  line: RulingLine;
}

function crosses(a: RulingLine, b: RulingLine): boolean {
  return (
    b.position >= a.start - tolerance &&
    b.position <= a.end + tolerance &&
    a.position >= b.start - tolerance &&
    a.position <= b.end + tolerance
  );
}

/** Groups of lines connected by crossings (union–find over horizontal × vertical pairs). */
function grids(horizontal: RulingLine[], vertical: RulingLine[]): Ruling[][] {
  const rulings: Ruling[] = [
    ...horizontal.map((line) => ({ horizontal: true, line })),
    ...vertical.map((line) => ({ horizontal: false, line })),
  ];
  const parent = rulings.map((_, index) => index);
  const root = (index: number): number => (parent[index] === index ? index : (parent[index] = root(parent[index])));
  horizontal.forEach((across, h) =>
    vertical.forEach((down, v) => {
      if (crosses(across, down)) parent[root(h)] = root(horizontal.length + v);
    }),
  );
  const groups = new Map<number, Ruling[]>();
  rulings.forEach((ruling, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), ruling]));
  return [...groups.values()];
}

/** Sorted positions with near-duplicates (both edges of a thick line, a line drawn twice) merged. */
function edges(lines: RulingLine[]): number[] {
  const sorted = lines.map((line) => line.position).sort((a, b) => a - b);
  return sorted.filter((position, index) => index === 0 || position - sorted[index - 1] > tolerance);
}

function cellIndex(boundaries: number[], value: number): number {
  for (let index = 0; index < boundaries.length - 1; index++)
    if (value >= boundaries[index] && value < boundaries[index + 1]) return index;
  return -1;
}

export function rulingTables(page: Page): ExtractedTable[] {
  if (!page.rulings) return [];
  const tables: ExtractedTable[] = [];
  for (const grid of grids(page.rulings.horizontal, page.rulings.vertical)) {
    const rows = edges(grid.filter((ruling) => ruling.horizontal).map((ruling) => ruling.line));
    const columns = edges(grid.filter((ruling) => !ruling.horizontal).map((ruling) => ruling.line));
    if (rows.length < 2 || columns.length < 3) continue;
    const cells: string[][][] = Array.from({ length: rows.length - 1 }, () =>
      Array.from({ length: columns.length - 1 }, () => []),
    );
    for (const word of page.words) {
      const row = cellIndex(rows, word.box.y + word.box.height / 2);
      const column = cellIndex(columns, word.box.x + word.box.width / 2);
      if (row >= 0 && column >= 0) cells[row][column].push(word.text);
    }
    const texts = cells
      .map((row) => row.map((cell) => cell.join(" ")))
      .filter((row) => row.some((cell) => cell !== ""));
    if (texts.length === 0) continue;
    const box: Box = { x: columns[0], y: rows[0], width: columns.at(-1)! - columns[0], height: rows.at(-1)! - rows[0] };
    tables.push({ page: page.pageNumber, pages: [page.pageNumber], rows: texts, box, source: "layout" });
  }
  return tables.sort((a, b) => a.box!.y - b.box!.y);
}

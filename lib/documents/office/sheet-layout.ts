import { assembleLayout } from "@/lib/pages/layout";
import { pageFromLayout } from "../page-builder";
import type { Page, Word } from "@/lib/pages/types";

// A sheet becomes one page: cells on a grid whose column widths follow their content, so the page
// has real-looking geometry and the cells are also kept as a table.

const margin = 36;
const rowHeight = 14;
const fontSize = 10;
const charWidth = fontSize * 0.5;

export function sheetPage(pageNumber: number, rows: string[][], name?: string): Page {
  // Loops rather than Math.max(...spread): a sheet may have more rows than a call has arguments.
  const longest: number[] = [];
  for (const row of rows)
    row.forEach((cell, column) => (longest[column] = Math.max(longest[column] ?? 4, cell.length)));
  const widths = Array.from(longest, (length) => Math.min(40, length ?? 4) * charWidth + 12);
  const starts: number[] = [];
  for (let column = 0, x = margin; column < widths.length; x += widths[column], column++) starts.push(x);
  const width = margin * 2 + widths.reduce((sum, value) => sum + value, 0);
  const height = margin * 2 + Math.max(1, rows.length) * rowHeight;
  const lines: Word[][] = [];
  rows.forEach((row, rowIndex) => {
    const top = margin + rowIndex * rowHeight;
    const words: Word[] = [];
    row.forEach((cell, column) => {
      let x = starts[column];
      for (const token of cell.split(/\s+/).filter(Boolean)) {
        const tokenWidth = token.length * charWidth;
        words.push({
          text: token,
          confidence: 1,
          box: { x: x / width, y: top / height, width: tokenWidth / width, height: fontSize / height },
        });
        x += tokenWidth + charWidth;
      }
    });
    if (words.length > 0) lines.push(words);
  });
  const page = pageFromLayout({
    pageNumber,
    layout: assembleLayout([lines]),
    width,
    height,
    unit: "pt",
    source: "office",
  });
  if (rows.length > 0)
    page.tables = [
      {
        rows,
        box: {
          x: margin / width,
          y: margin / height,
          width: 1 - (2 * margin) / width,
          height: 1 - (2 * margin) / height,
        },
      },
    ];
  if (name) page.sheetName = name;
  return page;
}

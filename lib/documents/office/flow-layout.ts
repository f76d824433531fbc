import { assembleLayout, unionBox, type AssembledLayout } from "@/lib/pages/layout";
import type { SourceTable, Word } from "@/lib/pages/types";

// Office documents without fixed geometry (DOCX via mammoth, plain text) are laid out on virtual
// US Letter pages with an average-character-width model, so every word still has a plausible box
// and layout-based extraction (labels, values, columns) works the same as on a PDF.

export type FlowItem = { kind: "paragraph"; text: string; heading?: number } | { kind: "table"; rows: string[][] };

export interface FlowPage {
  layout: AssembledLayout;
  tables: SourceTable[];
}

export const pageWidth = 612;
export const pageHeight = 792;
const margin = 54;
const bodySize = 10;
const charWidthRatio = 0.5;
const lineGap = 1.3;

function wordsOf(text: string, left: number, top: number, size: number): Word[] {
  const words: Word[] = [];
  let x = left;
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const width = token.length * size * charWidthRatio;
    words.push({
      text: token,
      confidence: 1,
      box: { x: x / pageWidth, y: top / pageHeight, width: width / pageWidth, height: size / pageHeight },
    });
    x += width + size * charWidthRatio;
  }
  return words;
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  for (const sourceLine of text.split("\n")) {
    let current = "";
    for (const word of sourceLine.split(/\s+/).filter(Boolean)) {
      if (current && current.length + 1 + word.length > maxChars) {
        lines.push(current);
        current = word;
      } else current = current ? `${current} ${word}` : word;
    }
    lines.push(current);
  }
  return lines;
}

export function layoutFlow(items: FlowItem[]): FlowPage[] {
  const pages: Array<{ blocks: Word[][][]; tables: SourceTable[] }> = [{ blocks: [], tables: [] }];
  let y = margin;
  const usableWidth = pageWidth - margin * 2;
  /** Starts a new page when `height` does not fit; true when it did. */
  const breakPageFor = (height: number): boolean => {
    if (y + height <= pageHeight - margin || y === margin) return false;
    pages.push({ blocks: [], tables: [] });
    y = margin;
    return true;
  };
  for (const item of items) {
    if (item.kind === "paragraph") {
      const size = item.heading ? Math.max(bodySize, 18 - item.heading * 2) : bodySize;
      const lines: Word[][] = [];
      for (const text of wrap(item.text, Math.floor(usableWidth / (size * charWidthRatio)))) {
        if (breakPageFor(size * lineGap) && lines.length > 0) pages.at(-2)!.blocks.push(lines.splice(0));
        const words = wordsOf(text, margin, y, size);
        if (words.length > 0) lines.push(words);
        y += size * lineGap;
      }
      if (lines.length > 0) pages.at(-1)!.blocks.push(lines);
      y += bodySize * 0.6;
      continue;
    }
    const columnCount = Math.max(0, ...item.rows.map((row) => row.length));
    if (columnCount === 0) continue;
    const widths = Array.from({ length: columnCount }, (_, column) =>
      Math.min(40, Math.max(3, ...item.rows.map((row) => (row[column] ?? "").length))),
    );
    const scale = Math.min(
      1,
      usableWidth / (widths.reduce((sum, width) => sum + width + 2, 0) * bodySize * charWidthRatio),
    );
    const starts = widths.reduce<number[]>(
      (acc, width, index) => [
        ...acc,
        index === 0 ? margin : acc[index - 1] + (widths[index - 1] + 2) * bodySize * charWidthRatio * scale,
      ],
      [],
    );
    let rows: Word[][] = [];
    let tableRows: string[][] = [];
    const flush = () => {
      if (rows.length === 0) return;
      pages.at(-1)!.blocks.push(rows);
      pages.at(-1)!.tables.push({ rows: tableRows, box: unionBox(rows.flat().map((word) => word.box)) });
      rows = [];
      tableRows = [];
    };
    for (const row of item.rows) {
      if (breakPageFor(bodySize * lineGap)) {
        const page = pages.pop()!;
        flush();
        pages.push(page);
      }
      const words = row.flatMap((cell, column) => wordsOf(cell, starts[column], y, bodySize * Math.max(scale, 0.6)));
      if (words.length > 0) rows.push(words);
      tableRows.push(row);
      y += bodySize * lineGap;
    }
    flush();
    y += bodySize * 0.6;
  }
  return pages.map((page) => ({ layout: assembleLayout(page.blocks), tables: page.tables }));
}

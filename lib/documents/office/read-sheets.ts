import ExcelJS from "exceljs";
import { DocumentError } from "@/lib/errors/document-error";
import type { Page } from "@/lib/pages/types";
import { sheetPage } from "./sheet-layout";

function trimGrid(rows: string[][]): string[][] {
  const trimmedRows = rows.map((row) => {
    let end = row.length;
    while (end > 0 && row[end - 1] === "") end--;
    return row.slice(0, end);
  });
  let last = trimmedRows.length;
  while (last > 0 && trimmedRows[last - 1].length === 0) last--;
  return trimmedRows.slice(0, last);
}

/**
 * The largest rectangle of cells a sheet may span (its last used row × last used column): a few
 * cells placed far apart (XFD1048576) would otherwise make a grid of billions of empty cells.
 */
export const maxSheetGridCells = 5_000_000;

function sheetGrid(sheet: ExcelJS.Worksheet): string[][] {
  const cells: Array<{ row: number; column: number; text: string }> = [];
  let lastRow = 0;
  let lastColumn = 0;
  sheet.eachRow((row, rowNumber) => {
    row.eachCell((cell, columnNumber) => {
      const text = cell.text.trim();
      if (text === "") return;
      cells.push({ row: rowNumber - 1, column: columnNumber - 1, text });
      lastRow = Math.max(lastRow, rowNumber);
      lastColumn = Math.max(lastColumn, columnNumber);
    });
  });
  if (lastRow * lastColumn > maxSheetGridCells) {
    throw new DocumentError(
      "document_too_large",
      `The sheet "${sheet.name}" spans ${lastRow.toLocaleString("en")} rows by ${lastColumn.toLocaleString("en")} columns; at most ${maxSheetGridCells.toLocaleString("en")} cells in all can be read`,
    );
  }
  const rows = Array.from({ length: lastRow }, () => Array.from({ length: lastColumn }, () => ""));
  for (const cell of cells) rows[cell.row][cell.column] = cell.text;
  return rows;
}

/** One page per worksheet of an XLSX/XLSM/XLTX workbook; cell text as shown (formula results). */
export async function readWorkbook(bytes: Buffer): Promise<Page[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new DocumentError("corrupt_document", "The workbook cannot be read", { cause: error });
  }
  return workbook.worksheets.map((sheet, index) => sheetPage(index + 1, trimGrid(sheetGrid(sheet)), sheet.name));
}

/** RFC 4180 fields: quotes, doubled quotes, separators and newlines inside quotes. */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === delimiter) {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.map((cells) => cells.map((cell) => cell.trim()));
}

export function readDelimited(bytes: Buffer, formatId: string): Page[] {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const firstLine = text.slice(0, text.indexOf("\n") >>> 0);
  const delimiter =
    formatId === "tsv" ? "\t" : (firstLine.match(/;/g) ?? []).length > (firstLine.match(/,/g) ?? []).length ? ";" : ",";
  return [sheetPage(1, trimGrid(parseDelimited(text, delimiter)))];
}

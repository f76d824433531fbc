import ExcelJS from "exceljs";
import { DocumentError } from "../errors";
import type { Page } from "../types";
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

/** One page per worksheet of an XLSX/XLSM/XLTX workbook; cell text as shown (formula results). */
export async function readWorkbook(bytes: Buffer): Promise<Page[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (error) {
    throw new DocumentError("corrupt_document", "The workbook cannot be read", { cause: error });
  }
  return workbook.worksheets.map((sheet, index) => {
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
        cells[columnNumber - 1] = cell.text.trim();
      });
      rows[rowNumber - 1] = Array.from(cells, (cell) => cell ?? "");
    });
    return sheetPage(index + 1, trimGrid(Array.from(rows, (row) => row ?? [])), sheet.name);
  });
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
  const delimiter = formatId === "tsv" ? "\t" : (firstLine.match(/;/g) ?? []).length > (firstLine.match(/,/g) ?? []).length ? ";" : ",";
  return [sheetPage(1, trimGrid(parseDelimited(text, delimiter)))];
}

import type ExcelJS from "exceljs";
import { neutraliseCellValue } from "@/lib/spreadsheet/neutralise-formula";
import type { CellWrite, TableWrite } from "./cell-writes";
import { insertTemplateRows } from "./insert-template-rows";

// Writing keeps everything it does not write: styles, number formats, formulas, data validation and
// other sheets stay as exceljs read them. Table rows beyond the template's empty rows are inserted
// above the region's last row as copies of it, and every reference below moves (insert-template-rows.ts),
// so a SUM over the region grows with it.

function writeTable(
  workbook: ExcelJS.Workbook,
  table: TableWrite,
  inserted: Array<{ sheet: string; beforeRow: number; count: number }>,
): CellWrite[] {
  const sheet = workbook.getWorksheet(table.sheet);
  if (!sheet || table.rows.length === 0) return [];
  const extra = table.rows.length - table.rowCount;
  if (extra > 0) {
    insertTemplateRows(workbook, { sheet, templateRow: table.firstRow + table.rowCount - 1, count: extra });
    inserted.push({ sheet: table.sheet, beforeRow: table.firstRow + table.rowCount - 1, count: extra });
  }
  const written: CellWrite[] = [];
  table.rows.forEach((values, index) => {
    for (const [column, value] of Object.entries(values)) {
      if (value === "") continue;
      const cell = sheet.getRow(table.firstRow + index).getCell(Number(column));
      // A calculated column keeps its formula; the source's own figure is not copied over it.
      const current = cell.value;
      if (typeof current === "object" && current !== null && ("formula" in current || "sharedFormula" in current))
        continue;
      const safe = neutraliseCellValue(value);
      cell.value = safe;
      written.push({
        sheet: table.sheet,
        cell: cell.address,
        value: safe,
        source: table.source,
        confidence: table.confidence,
      });
    }
  });
  return written;
}

/** Applies cell writes and table writes; returns every cell written. */
export function writeWorkbook(
  workbook: ExcelJS.Workbook,
  writes: { cells: CellWrite[]; tables: TableWrite[] },
): CellWrite[] {
  const written: CellWrite[] = [];
  const inserted: Array<{ sheet: string; beforeRow: number; count: number }> = [];
  // Tables first, bottom-up, so an insertion never moves a region still to be written; label cells
  // below an insertion are then moved down with it.
  for (const table of [...writes.tables].sort((a, b) => b.firstRow - a.firstRow))
    written.push(...writeTable(workbook, table, inserted));
  for (const write of writes.cells) {
    const sheet = workbook.getWorksheet(write.sheet);
    if (!sheet) continue;
    const [, column, rowText] = write.cell.match(/^([A-Z]+)(\d+)$/)!;
    const row =
      Number(rowText) +
      inserted
        .filter((entry) => entry.sheet === write.sheet && Number(rowText) >= entry.beforeRow)
        .reduce((sum, entry) => sum + entry.count, 0);
    // Text from documents or callers is made inert, as in every CSV and XLSX docsvc writes.
    const moved = { ...write, cell: `${column}${row}`, value: neutraliseCellValue(write.value) };
    sheet.getCell(moved.cell).value = moved.value;
    written.push(moved);
  }
  return written;
}

import type ExcelJS from "exceljs";

// A template's fillable places: a label cell with an empty value cell to its right (after the
// label's merged area) or below it, a placeholder cell ("${name}", "{{name}}"), and table regions
// (a header row of labels with empty rows below it).

export interface LabelSlot {
  sheet: string;
  label: string;
  labelCell: string;
  valueCell: string;
  via: "right" | "below" | "placeholder";
}

export interface TableSlot {
  sheet: string;
  headerRow: number;
  columns: Array<{ column: number; header: string }>;
  firstRow: number;
  /** Empty rows available below the header before other content. */
  rowCount: number;
}

const placeholderPattern = /^\s*(?:\$\{([^}]+)\}|\{\{\s*([^}]+?)\s*\}\})\s*$/;
const maxTableRows = 500;

export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object" && "richText" in value) return value.richText.map((run) => run.text).join("");
  return "";
}

/** Empty: no value, no formula, and not covered by another cell's merge. */
export function isEmptyCell(cell: ExcelJS.Cell): boolean {
  if (cell.isMerged && cell.master.address !== cell.address) return false;
  const value = cell.value;
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

function hasFormula(cell: ExcelJS.Cell): boolean {
  const value = cell.value;
  return typeof value === "object" && value !== null && ("formula" in value || "sharedFormula" in value);
}

function isLabel(cell: ExcelJS.Cell): boolean {
  if (hasFormula(cell) || (cell.isMerged && cell.master.address !== cell.address)) return false;
  const text = cellText(cell).trim();
  return text.length > 0 && text.length <= 60 && /\p{L}/u.test(text) && !placeholderPattern.test(text);
}

/** The first cell right of a cell's merged area. */
function rightOf(sheet: ExcelJS.Worksheet, cell: ExcelJS.Cell): ExcelJS.Cell {
  let column = Number(cell.col) + 1;
  while (
    column < 16384 &&
    sheet.getCell(Number(cell.row), column).isMerged &&
    sheet.getCell(Number(cell.row), column).master.address === cell.address
  )
    column++;
  return sheet.getCell(Number(cell.row), column);
}

function below(sheet: ExcelJS.Worksheet, cell: ExcelJS.Cell): ExcelJS.Cell {
  let row = Number(cell.row) + 1;
  while (
    sheet.getCell(row, Number(cell.col)).isMerged &&
    sheet.getCell(row, Number(cell.col)).master.address === cell.address
  )
    row++;
  return sheet.getCell(row, Number(cell.col));
}

function findTables(sheet: ExcelJS.Worksheet): TableSlot[] {
  const tables: TableSlot[] = [];
  const lastRow = sheet.rowCount;
  for (let rowNumber = 1; rowNumber <= lastRow; rowNumber++) {
    const row = sheet.getRow(rowNumber);
    const labels: Array<{ column: number; header: string }> = [];
    row.eachCell((cell, column) => {
      if (isLabel(cell)) labels.push({ column, header: cellText(cell).trim() });
    });
    // Three or more header labels in adjacent (or merged-adjacent) columns.
    if (labels.length < 3 || labels.at(-1)!.column - labels[0].column > labels.length * 3) continue;
    let rowCount = 0;
    for (let next = rowNumber + 1; next <= Math.max(lastRow, rowNumber + 1) + 1 && rowCount < maxTableRows; next++) {
      const cells = labels.map((label) => sheet.getCell(next, label.column));
      if (!cells.every((cell) => isEmptyCell(cell) || hasFormula(cell))) break;
      if (cells.every((cell) => hasFormula(cell))) break; // a totals row
      rowCount++;
      if (next > lastRow) break;
    }
    if (rowCount === 0) continue;
    tables.push({ sheet: sheet.name, headerRow: rowNumber, columns: labels, firstRow: rowNumber + 1, rowCount });
    rowNumber += rowCount;
  }
  return tables;
}

/** Every label slot and table region of the workbook's sheets. */
export function findTemplateSlots(workbook: ExcelJS.Workbook): { labels: LabelSlot[]; tables: TableSlot[] } {
  const labels: LabelSlot[] = [];
  const tables: TableSlot[] = [];
  workbook.eachSheet((sheet) => {
    const sheetTables = findTables(sheet);
    tables.push(...sheetTables);
    const headerRows = new Set(sheetTables.map((table) => table.headerRow));
    const taken = new Set<string>();
    sheet.eachRow((row, rowNumber) => {
      if (headerRows.has(rowNumber)) return;
      row.eachCell((cell) => {
        const placeholder = cellText(cell).match(placeholderPattern);
        if (placeholder) {
          labels.push({
            sheet: sheet.name,
            label: (placeholder[1] ?? placeholder[2]).replace(/^table:/, ""),
            labelCell: cell.address,
            valueCell: cell.address,
            via: "placeholder",
          });
          return;
        }
        if (!isLabel(cell)) return;
        const right = rightOf(sheet, cell);
        const under = below(sheet, cell);
        const slot =
          isEmptyCell(right) && !taken.has(right.address)
            ? { cell: right, via: "right" as const }
            : isEmptyCell(under) && !taken.has(under.address) && cellText(cell).trim().endsWith(":")
              ? { cell: under, via: "below" as const }
              : undefined;
        if (!slot) return;
        taken.add(slot.cell.address);
        labels.push({
          sheet: sheet.name,
          label: cellText(cell).trim().replace(/:$/, ""),
          labelCell: cell.address,
          valueCell: slot.cell.address,
          via: slot.via,
        });
      });
    });
  });
  return { labels, tables };
}

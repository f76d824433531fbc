import type ExcelJS from "exceljs";
import { parseArea } from "./formula-references";
import { retargetRowFormula, shiftAreaRows, type RowInsertion } from "./shift-references";
import {
  expandSharedFormulas,
  shiftCellFormulas,
  shiftedDefinedNames,
  shiftSheetFeatures,
} from "./shift-workbook-references";

// Row insertion for table regions. exceljs's insertRows moves cell values only: formulas keep their
// old references, merges stay where they were, and tables, names, formats and validation do not
// follow. So every reference is moved here first, merges are taken apart and put back, and the new
// rows are made copies of the template row: style, height, merges within the row, calculated columns.

/** Merges at or below the insertion, taken apart (with their cells' styles, which unmerging resets) so the row move cannot tangle them. */
function detachMerges(
  sheet: ExcelJS.Worksheet,
  atRow: number,
): Array<{ range: string; styles: Array<{ row: number; column: number; style: Partial<ExcelJS.Style> }> }> {
  const detached = sheet.model.merges
    .filter((range) => parseArea(range).bottom >= atRow)
    .map((range) => {
      const area = parseArea(range);
      const styles = [];
      for (let row = area.top; row <= area.bottom; row++) {
        for (let column = area.left; column <= area.right; column++)
          styles.push({ row, column, style: { ...sheet.getCell(row, column).style } });
      }
      return { range, styles };
    });
  for (const { range } of detached) sheet.unMergeCells(range);
  return detached;
}

function copyTemplateRow(sheet: ExcelJS.Worksheet, templateRow: number, toRow: number, merges: string[]): void {
  const source = sheet.getRow(templateRow);
  const target = sheet.getRow(toRow);
  target.height = source.height;
  // A row's own style (for its empty cells) is missing from exceljs's type declarations.
  (target as unknown as { style: Partial<ExcelJS.Style> }).style = {
    ...(source as unknown as { style: Partial<ExcelJS.Style> }).style,
  };
  source.eachCell({ includeEmpty: true }, (cell, column) => {
    const copy = target.getCell(column);
    copy.style = { ...cell.style };
    const value = cell.value;
    // A calculated column gets its formula, pointed at the new row.
    if (typeof value === "object" && value !== null && "formula" in value && typeof value.formula === "string") {
      copy.value = {
        formula: retargetRowFormula(value.formula, { formulaSheet: sheet.name, fromRow: templateRow, toRow }),
      } as ExcelJS.CellFormulaValue;
    }
  });
  for (const range of merges) {
    const area = parseArea(range);
    sheet.mergeCellsWithoutStyle(toRow, area.left, toRow, area.right);
  }
}

/**
 * Inserts `count` copies of the sheet's `templateRow` above it and moves every reference in the
 * workbook to the rows below: formulas on all sheets, defined names, tables, merges, conditional
 * formats, data validation, auto filter and print area. A range spanning the template row grows.
 */
export function insertTemplateRows(
  workbook: ExcelJS.Workbook,
  options: { sheet: ExcelJS.Worksheet; templateRow: number; count: number },
): void {
  const { sheet, templateRow, count } = options;
  const insertion: RowInsertion = { sheet: sheet.name, atRow: templateRow, count };
  expandSharedFormulas(workbook);
  shiftCellFormulas(workbook, insertion);
  const names = shiftedDefinedNames(workbook, insertion);
  const merges = detachMerges(sheet, templateRow);
  sheet.insertRows(
    templateRow,
    Array.from({ length: count }, () => []),
  );
  workbook.definedNames.model = names;
  workbook.eachSheet((each) => shiftSheetFeatures(each, insertion));
  const moved = (row: number) => (row >= templateRow ? row + count : row);
  for (const { range, styles } of merges) {
    sheet.mergeCellsWithoutStyle(shiftAreaRows(range, { sheet: sheet.name, insertion }));
    for (const { row, column, style } of styles) sheet.getCell(moved(row), column).style = style;
  }
  const rowMerges = merges
    .map(({ range }) => range)
    .filter((range) => parseArea(range).top === templateRow && parseArea(range).bottom === templateRow);
  for (let row = templateRow; row < templateRow + count; row++)
    copyTemplateRow(sheet, templateRow + count, row, rowMerges);
}

import type ExcelJS from "exceljs";
import { columnLetters, parseArea } from "./formula-references";
import { type RowInsertion, shiftAreaRows, shiftFormulaRows, translateFormula } from "./shift-references";

// Everything in a workbook that names rows of a sheet, moved for rows inserted into it: cell formulas,
// defined names, tables, conditional formats, data validation, auto filter and print area. The
// inserted rows copy the row at `atRow` (a template row), so areas starting on that row grow over the
// copies (see DuplicatedRowRules); cell formulas follow Excel's rule.

/** What exceljs keeps on a loaded worksheet that its type declarations leave out. */
interface WorksheetInternals {
  tables: Record<string, { model: { tableRef?: string; autoFilterRef?: string } }>;
  conditionalFormattings: Array<{ ref: string; rules: Array<{ formulae?: unknown[] }> }>;
  dataValidations: { model: Record<string, ExcelJS.DataValidation | undefined> };
}

/** A formula cell's value as exceljs holds it: an own formula (maybe the master of a shared or array one) or a share of one. */
interface FormulaValue {
  formula?: string;
  sharedFormula?: string;
  shareType?: string;
  ref?: string;
  result?: unknown;
}

function formulaValueOf(cell: ExcelJS.Cell): FormulaValue | undefined {
  const value = cell.value;
  return typeof value === "object" && value !== null && ("formula" in value || "sharedFormula" in value)
    ? (value as FormulaValue)
    : undefined;
}

const grow = { growFromInsertionRow: true };

/**
 * Turns every shared formula into plain formulas. exceljs keeps a share as a pointer to its master
 * cell and a range, which stop matching once rows move; plain formulas move one by one.
 */
export function expandSharedFormulas(workbook: ExcelJS.Workbook): void {
  workbook.eachSheet((sheet) => {
    const shares: Array<{ cell: ExcelJS.Cell; value: FormulaValue }> = [];
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const value = formulaValueOf(cell);
        if (value && (value.sharedFormula !== undefined || value.shareType === "shared")) shares.push({ cell, value });
      }),
    );
    // Every share reads its master's formula before any master is rewritten.
    const expanded = shares.map(({ cell, value }) => {
      if (value.formula !== undefined) return { cell, formula: value.formula, result: value.result };
      const master = sheet.getCell(value.sharedFormula!);
      const masterFormula = formulaValueOf(master)?.formula;
      const offset = { rows: Number(cell.row) - Number(master.row), columns: Number(cell.col) - Number(master.col) };
      return {
        cell,
        formula: masterFormula === undefined ? undefined : translateFormula(masterFormula, offset),
        result: value.result,
      };
    });
    for (const { cell, formula, result } of expanded) {
      if (formula !== undefined) cell.value = { formula, result } as ExcelJS.CellFormulaValue;
    }
  });
}

/**
 * Moves the references of every formula cell in the workbook. Formulas on `templateRow` of the
 * inserted-into sheet (the row being copied) follow Excel's rule exactly; elsewhere a range starting
 * on the template row grows over its copies (a total over a one-row item region).
 */
export function shiftCellFormulas(workbook: ExcelJS.Workbook, insertion: RowInsertion): void {
  workbook.eachSheet((sheet) => {
    const isTarget = sheet.name === insertion.sheet;
    sheet.eachRow((row, rowNumber) =>
      row.eachCell((cell) => {
        const value = formulaValueOf(cell);
        if (value?.formula === undefined) return;
        const rules = isTarget && rowNumber === insertion.atRow ? {} : grow;
        const formula = shiftFormulaRows(value.formula, { formulaSheet: sheet.name, insertion, rules });
        if (formula === value.formula) return;
        // The cached result belongs to the old references; Excel recalculates without it.
        const array =
          value.shareType === "array" && value.ref
            ? { shareType: "array", ref: shiftAreaRows(value.ref, { sheet: sheet.name, insertion }) }
            : {};
        cell.value = { formula, ...array } as ExcelJS.CellFormulaValue;
      }),
    );
  });
}

/** The workbook's defined names with their ranges moved (exceljs would split a range spanning the insertion in two). */
export function shiftedDefinedNames(workbook: ExcelJS.Workbook, insertion: RowInsertion): ExcelJS.DefinedNamesModel {
  return workbook.definedNames.model.map((name) => ({
    ...name,
    ranges: name.ranges.map((range) => shiftFormulaRows(range, { insertion, rules: grow })),
  }));
}

function shiftDataValidations(sheet: ExcelJS.Worksheet, internals: WorksheetInternals, insertion: RowInsertion): void {
  const shifted: Record<string, ExcelJS.DataValidation> = {};
  const moved = new Map<ExcelJS.DataValidation, ExcelJS.DataValidation>();
  for (const [address, validation] of Object.entries(internals.dataValidations.model)) {
    if (!validation) continue;
    let copy = moved.get(validation);
    if (!copy) {
      const rules = { ...grow, keepRelativeInsertionRow: sheet.name === insertion.sheet };
      const formulae = validation.formulae?.map((formula: unknown) =>
        typeof formula === "string"
          ? shiftFormulaRows(formula, { formulaSheet: sheet.name, insertion, rules })
          : formula,
      );
      copy = { ...validation, ...(formulae ? { formulae } : {}) };
      moved.set(validation, copy);
    }
    const area = shiftAreaRows(address, { sheet: sheet.name, insertion, rules: grow });
    // exceljs keeps validation per cell after loading; a cell on the template row now covers its copies too.
    if (address.includes(":") || !area.includes(":")) {
      shifted[area] = copy;
      continue;
    }
    const { top, bottom, left } = parseArea(area);
    for (let row = top; row <= bottom; row++) shifted[`${columnLetters(left)}${row}`] = copy;
  }
  internals.dataValidations.model = shifted;
}

/**
 * Moves a sheet's tables, conditional formats, data validation, auto filter and print area. Only the
 * sheet rows went into has areas that move; the formulas of formats and validation on any sheet may
 * point into it.
 */
export function shiftSheetFeatures(sheet: ExcelJS.Worksheet, insertion: RowInsertion): void {
  const internals = sheet as unknown as WorksheetInternals;
  const area = (areas: string) => shiftAreaRows(areas, { sheet: sheet.name, insertion, rules: grow });
  for (const table of Object.values(internals.tables)) {
    if (table.model.tableRef) table.model.tableRef = area(table.model.tableRef);
    if (table.model.autoFilterRef) table.model.autoFilterRef = area(table.model.autoFilterRef);
  }
  for (const format of internals.conditionalFormattings) {
    // Relative references in a format's formulas count from the first cell of its first area.
    const firstRow = Number(format.ref.match(/\d+/)?.[0]);
    const rules = { ...grow, keepRelativeInsertionRow: sheet.name === insertion.sheet && firstRow === insertion.atRow };
    format.ref = area(format.ref);
    for (const rule of format.rules) {
      rule.formulae = rule.formulae?.map((formula) =>
        typeof formula === "string"
          ? shiftFormulaRows(formula, { formulaSheet: sheet.name, insertion, rules })
          : formula,
      );
    }
  }
  shiftDataValidations(sheet, internals, insertion);
  if (typeof sheet.autoFilter === "string") sheet.autoFilter = area(sheet.autoFilter);
  if (sheet.pageSetup.printArea) sheet.pageSetup.printArea = area(sheet.pageSetup.printArea);
}

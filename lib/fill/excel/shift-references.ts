import { type Coordinate, type FormulaReference, type ReferenceEnd, rewriteReferences } from "./formula-references";

// Moving references when rows are inserted into a sheet, the way Excel does: a reference at or below
// the insertion moves down, absolute or not; one above stays; a range spanning the insertion grows;
// whole columns (D:D) stay. Formulas on every sheet are rewritten, since any may point into the sheet.

export interface RowInsertion {
  /** The sheet the rows go into. */
  sheet: string;
  /** The first inserted row: this row and every row below it move down by `count`. */
  atRow: number;
  count: number;
}

/**
 * How a template row that is being duplicated (the inserted rows are copies of the row at `atRow`)
 * changes Excel's rule. Excel moves everything starting at `atRow`; copies belong with the row.
 */
export interface DuplicatedRowRules {
  /** A range (or, for areas, a cell) starting at `atRow` keeps its start and grows over the copies. */
  growFromInsertionRow?: boolean;
  /**
   * A relative row reference to `atRow` stays: in conditional-format and validation formulas, relative
   * references count from the area's first cell, which stays at `atRow` when the area grows.
   */
  keepRelativeInsertionRow?: boolean;
}

export function isSameSheet(a: string, b: string): boolean {
  return a.toLocaleUpperCase() === b.toLocaleUpperCase();
}

function movedRow(
  row: Coordinate,
  isRangeStart: boolean,
  insertion: RowInsertion,
  rules: DuplicatedRowRules,
): Coordinate {
  if (row.index < insertion.atRow) return row;
  if (row.index === insertion.atRow) {
    if (rules.keepRelativeInsertionRow && !row.absolute) return row;
    if (rules.growFromInsertionRow && isRangeStart) return row;
  }
  return { ...row, index: row.index + insertion.count };
}

function movedEnd(
  end: ReferenceEnd,
  isRangeStart: boolean,
  insertion: RowInsertion,
  rules: DuplicatedRowRules,
): ReferenceEnd {
  return end.row ? { ...end, row: movedRow(end.row, isRangeStart, insertion, rules) } : end;
}

function shiftReference(
  reference: FormulaReference,
  ownSheet: string | undefined,
  insertion: RowInsertion,
  rules: DuplicatedRowRules,
  cellsAreAreas: boolean,
): FormulaReference {
  const sheet = reference.sheet ?? ownSheet;
  if (sheet === undefined || !isSameSheet(sheet, insertion.sheet)) return reference;
  if (!reference.end) {
    // An area's single cell on the duplicated row becomes a range over the copies and the row.
    if (cellsAreAreas && rules.growFromInsertionRow && reference.start.row?.index === insertion.atRow) {
      return { ...reference, end: movedEnd(reference.start, false, insertion, {}) };
    }
    return { ...reference, start: movedEnd(reference.start, false, insertion, rules) };
  }
  const startIsTop = (reference.start.row?.index ?? 0) <= (reference.end.row?.index ?? 0);
  return {
    ...reference,
    start: movedEnd(reference.start, startIsTop, insertion, rules),
    end: movedEnd(reference.end, !startIsTop, insertion, rules),
  };
}

/** `formula`, written on sheet `formulaSheet` (none for a defined name), with its references moved for the insertion. */
export function shiftFormulaRows(
  formula: string,
  options: { formulaSheet?: string; insertion: RowInsertion; rules?: DuplicatedRowRules },
): string {
  return rewriteReferences(formula, (reference) =>
    shiftReference(reference, options.formulaSheet, options.insertion, options.rules ?? {}, false),
  );
}

/**
 * An area list on `sheet` ("A5:D7", "B6 D6:D9" as in conditional formats, validations, tables and
 * merges) moved for the insertion; a single cell counts as a one-cell area.
 */
export function shiftAreaRows(
  areas: string,
  options: { sheet: string; insertion: RowInsertion; rules?: DuplicatedRowRules },
): string {
  return rewriteReferences(areas, (reference) =>
    shiftReference(reference, options.sheet, options.insertion, options.rules ?? {}, true),
  );
}

/** A formula copied from `fromRow` to `toRow` on its own sheet: relative references to `fromRow` follow it, others stay. */
export function retargetRowFormula(
  formula: string,
  options: { formulaSheet: string; fromRow: number; toRow: number },
): string {
  const retarget = (end: ReferenceEnd | undefined): ReferenceEnd | undefined =>
    end?.row && !end.row.absolute && end.row.index === options.fromRow
      ? { ...end, row: { ...end.row, index: options.toRow } }
      : end;
  return rewriteReferences(formula, (reference) => {
    if (reference.sheet !== undefined && !isSameSheet(reference.sheet, options.formulaSheet)) return reference;
    return { ...reference, start: retarget(reference.start)!, end: retarget(reference.end) };
  });
}

/** A formula moved by `rows` and `columns`, as Excel fills it: relative parts move, absolute ones ($D$1) stay. */
export function translateFormula(formula: string, offset: { rows: number; columns: number }): string {
  const translate = (end: ReferenceEnd | undefined): ReferenceEnd | undefined =>
    end && {
      column:
        end.column && (end.column.absolute ? end.column : { ...end.column, index: end.column.index + offset.columns }),
      row: end.row && (end.row.absolute ? end.row : { ...end.row, index: end.row.index + offset.rows }),
    };
  return rewriteReferences(formula, (reference) => ({
    ...reference,
    start: translate(reference.start)!,
    end: translate(reference.end),
  }));
}

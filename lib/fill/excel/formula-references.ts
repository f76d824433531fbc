// Finds the A1 references in an Excel formula (as stored in the file, without the leading "=") and
// lets a caller rewrite them, leaving everything else byte for byte: string literals, function names
// (LOG10, ATAN2), defined names, structured table references (Items[Amount]), error literals, and
// references into other workbooks ([1]Sheet1!A1) or across sheets (Sheet1:Sheet3!A1), which no row
// insertion in this workbook's single sheet can move.

const maxColumn = 16_384;
const maxRow = 1_048_576;

export interface Coordinate {
  index: number;
  absolute: boolean;
}

/** One end of a reference: a cell has both parts, a whole column ("D" of D:D) or a whole row ("10" of 10:12) one. */
export interface ReferenceEnd {
  column?: Coordinate;
  row?: Coordinate;
}

export interface FormulaReference {
  /** The sheet named before "!", unquoted; undefined means the formula's own sheet. */
  sheet?: string;
  start: ReferenceEnd;
  /** The second end of a range (D10:D12, D:D, 10:12). */
  end?: ReferenceEnd;
}

const nameCharacter = /[\p{L}\p{N}_.\\?$]/u;
const cellPattern = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/;
const columnPattern = /^(\$?)([A-Za-z]{1,3})$/;
const rowPattern = /^(\$?)(\d{1,7})$/;
const errorLiteral = /#[A-Za-z0-9/_]*[!?]?/y;

function columnIndex(letters: string): number {
  return [...letters.toUpperCase()].reduce((index, letter) => index * 26 + letter.charCodeAt(0) - 64, 0);
}

export function columnLetters(index: number): string {
  let letters = "";
  for (let rest = index; rest > 0; rest = Math.floor((rest - 1) / 26))
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export interface Area {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** "A6:C7" or "B3" (with or without $) as rows and columns. */
export function parseArea(range: string): Area {
  const [, left, top, right = left, bottom = top] = range.match(/^\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i)!;
  return { top: Number(top), left: columnIndex(left), bottom: Number(bottom), right: columnIndex(right) };
}

function parseEnd(word: string): ReferenceEnd | undefined {
  const cell = word.match(cellPattern);
  if (cell) {
    const column = columnIndex(cell[2]);
    const row = Number(cell[4]);
    if (column > maxColumn || row < 1 || row > maxRow) return undefined;
    return { column: { index: column, absolute: cell[1] === "$" }, row: { index: row, absolute: cell[3] === "$" } };
  }
  const column = word.match(columnPattern);
  if (column)
    return columnIndex(column[2]) <= maxColumn
      ? { column: { index: columnIndex(column[2]), absolute: column[1] === "$" } }
      : undefined;
  const row = word.match(rowPattern);
  if (row)
    return Number(row[2]) >= 1 && Number(row[2]) <= maxRow
      ? { row: { index: Number(row[2]), absolute: row[1] === "$" } }
      : undefined;
  return undefined;
}

function endOfWord(formula: string, start: number): number {
  let end = start;
  while (end < formula.length && nameCharacter.test(formula[end])) end++;
  return end;
}

/** Index just past a literal opened by `quote` at `start`; a doubled quote is an escaped one. */
function endOfQuoted(formula: string, start: number, quote: string): number {
  let index = start + 1;
  while (index < formula.length) {
    if (formula[index] !== quote) index++;
    else if (formula[index + 1] === quote) index += 2;
    else return index + 1;
  }
  return formula.length;
}

function endOfBrackets(formula: string, start: number): number {
  let depth = 0;
  for (let index = start; index < formula.length; index++) {
    if (formula[index] === "[") depth++;
    else if (formula[index] === "]" && --depth === 0) return index + 1;
  }
  return formula.length;
}

/** A reference starting at `start` (after any sheet prefix): a cell, or a range of cells, columns or rows. */
function readReference(
  formula: string,
  start: number,
): { reference: Omit<FormulaReference, "sheet">; end: number } | undefined {
  const firstEnd = endOfWord(formula, start);
  if (firstEnd === start || formula[firstEnd] === "(" || formula[firstEnd] === "[" || formula[firstEnd] === "!")
    return undefined;
  const first = parseEnd(formula.slice(start, firstEnd));
  if (!first) return undefined;
  if (formula[firstEnd] === ":") {
    const secondEnd = endOfWord(formula, firstEnd + 1);
    const second = parseEnd(formula.slice(firstEnd + 1, secondEnd));
    const sameKind =
      second && Boolean(first.column) === Boolean(second.column) && Boolean(first.row) === Boolean(second.row);
    if (sameKind && !["(", "[", "!"].includes(formula[secondEnd]))
      return { reference: { start: first, end: second }, end: secondEnd };
  }
  // A bare column or row is a name or a number unless it is part of a range.
  return first.column && first.row ? { reference: { start: first }, end: firstEnd } : undefined;
}

function sameEnd(a: ReferenceEnd | undefined, b: ReferenceEnd | undefined): boolean {
  return (
    a?.column?.index === b?.column?.index &&
    a?.column?.absolute === b?.column?.absolute &&
    a?.row?.index === b?.row?.index &&
    a?.row?.absolute === b?.row?.absolute
  );
}

function renderEnd(end: ReferenceEnd): string | undefined {
  if (end.column && (end.column.index < 1 || end.column.index > maxColumn)) return undefined;
  if (end.row && (end.row.index < 1 || end.row.index > maxRow)) return undefined;
  const column = end.column ? `${end.column.absolute ? "$" : ""}${columnLetters(end.column.index)}` : "";
  const row = end.row ? `${end.row.absolute ? "$" : ""}${end.row.index}` : "";
  return column + row;
}

/** The reference's new text, or its old text when `rewrite` left it as it was; #REF! when it fell off the sheet. */
function rewritten(
  text: string,
  reference: FormulaReference,
  rewrite: (reference: FormulaReference) => FormulaReference,
): string {
  const result = rewrite(reference);
  if (sameEnd(result.start, reference.start) && sameEnd(result.end, reference.end)) return text;
  const start = renderEnd(result.start);
  const end = result.end ? renderEnd(result.end) : "";
  if (start === undefined || end === undefined) return "#REF!";
  return result.end ? `${start}:${end}` : start;
}

/**
 * Calls `rewrite` for every A1 reference of `formula` into this workbook and puts what it returns in
 * the reference's place. References to other workbooks and 3-D references are left alone.
 */
export function rewriteReferences(formula: string, rewrite: (reference: FormulaReference) => FormulaReference): string {
  let output = "";
  let index = 0;
  // Copies the reference after a sheet prefix ending at `prefixEnd` (just past the "!").
  const referenceAfterPrefix = (prefixEnd: number, sheet: string, local: boolean): void => {
    const found = readReference(formula, prefixEnd);
    output += formula.slice(index, prefixEnd);
    if (!found) {
      index = prefixEnd;
      return;
    }
    const text = formula.slice(prefixEnd, found.end);
    output += local ? rewritten(text, { sheet, ...found.reference }, rewrite) : text;
    index = found.end;
  };
  while (index < formula.length) {
    const character = formula[index];
    if (character === '"') {
      const end = endOfQuoted(formula, index, '"');
      output += formula.slice(index, end);
      index = end;
    } else if (character === "'") {
      const end = endOfQuoted(formula, index, "'");
      const sheet = formula.slice(index + 1, end - 1).replace(/''/g, "'");
      if (formula[end] === "!") {
        // "[" marks another workbook, ":" a 3-D reference; neither can be part of a sheet's name.
        referenceAfterPrefix(end + 1, sheet, !/[[\]:]/.test(sheet));
      } else {
        output += formula.slice(index, end);
        index = end;
      }
    } else if (character === "[") {
      const end = endOfBrackets(formula, index);
      output += formula.slice(index, end);
      index = end;
    } else if (character === "#") {
      errorLiteral.lastIndex = index;
      const end = errorLiteral.exec(formula) ? errorLiteral.lastIndex : index + 1;
      output += formula.slice(index, end);
      index = end;
    } else if (nameCharacter.test(character)) {
      const wordEnd = endOfWord(formula, index);
      const word = formula.slice(index, wordEnd);
      const afterRange = formula[wordEnd] === ":" ? endOfWord(formula, wordEnd + 1) : wordEnd;
      if (formula[wordEnd] === "!") {
        referenceAfterPrefix(wordEnd + 1, word, formula[index - 1] !== "]");
      } else if (afterRange > wordEnd + 1 && formula[afterRange] === "!") {
        referenceAfterPrefix(afterRange + 1, "", false);
      } else {
        const found = readReference(formula, index);
        output += found ? rewritten(formula.slice(index, found.end), found.reference, rewrite) : word;
        index = found ? found.end : wordEnd;
      }
    } else {
      output += character;
      index++;
    }
  }
  return output;
}

// Spreadsheet formula injection (CSV injection): a cell a spreadsheet app would read as a formula runs
// it when the file is opened, so text from documents, users or models is made inert before it is
// written. Every CSV and XLSX docsvc writes puts its text cells through this one guard.

/**
 * What a spreadsheet app may treat as the start of a formula: OWASP's list, and the full-width and
 * small forms of the same signs (`＝1+1`), which some apps read as the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const WIDE_FORMULA_START = /^[\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B\u2212]/;
/** A whole cell that is only a number: optional sign, digits (optionally in thousands groups), decimals, exponent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The text with a leading `'` when it starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 * and is not, as a whole, a plain number (`-5`, `+1.5e3`, `-1,234.50` stay as they are), and always
 * when it starts with a full-width or small form of those signs (`＝1+1`, `－5`).
 * `-2+3+cmd|' /C calc'!A0` becomes `'-2+3+cmd|' /C calc'!A0`, which every spreadsheet app shows as text.
 */
export function neutraliseFormula(text: string): string {
  if (WIDE_FORMULA_START.test(text)) return `'${text}`;
  if (!FORMULA_START.test(text)) return text;
  if (/\d/.test(text) && PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** A cell value with its text neutralised; numbers, booleans, dates and nulls are written as they are. */
export function neutraliseCellValue<T>(value: T): T | string {
  return typeof value === "string" ? neutraliseFormula(value) : value;
}

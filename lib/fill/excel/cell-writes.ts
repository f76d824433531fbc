/** A value to put in one cell, and why. */
export interface CellWrite {
  sheet: string;
  cell: string;
  value: string | number | boolean;
  /** "cell_mappings", or the source document, page and quoted words. */
  source: string;
  /** 0–1. */
  confidence: number;
}

/** Line items for a table region: rows of values by template column number. */
export interface TableWrite {
  sheet: string;
  headerRow: number;
  firstRow: number;
  rowCount: number;
  rows: Array<Record<number, string | number>>;
  source: string;
  confidence: number;
}

/** "1,234.50" → 1234.5 when the whole text is a number (with an optional currency sign); else the text. */
export function cellValueOf(text: string): string | number {
  const trimmed = text.trim();
  if (!/^[-+(]?\s*[$€£¥]?\s*\d[\d\s.,']*\s*[$€£¥%]?\)?$/.test(trimmed) || /^0\d/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/[^\d.,-]/g, "");
  const lastDot = digits.lastIndexOf(".");
  const lastComma = digits.lastIndexOf(",");
  const decimal = lastComma > lastDot && digits.length - lastComma - 1 !== 3 ? "," : ".";
  const normalised = decimal === "," ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
  const value = Number(normalised);
  if (!Number.isFinite(value)) return trimmed;
  return trimmed.startsWith("(") || trimmed.startsWith("-") ? -Math.abs(value) : value;
}

import type { DateOrder } from "../types";

// Values are normalised to strings a program can parse: decimals with a dot, ISO dates.

const monthNames = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** "1.234,56" / "$1,234.56" / "(12.00)" → 1234.56 / 1234.56 / -12; null when not a number. */
export function parseNumber(text: string): number | null {
  const negative = /^\s*\(.*\)\s*$/.test(text) || /^[^\d]*-\s*\d/.test(text.trim());
  const digits = text.replace(/[^\d.,]/g, "");
  if (!/\d/.test(digits)) return null;
  const lastDot = digits.lastIndexOf(".");
  const lastComma = digits.lastIndexOf(",");
  let normalised: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    normalised = digits.split(thousands).join("").replace(decimal, ".");
  } else if (lastComma >= 0) {
    // A single comma followed by exactly three digits is a thousands separator ("1,234").
    const parts = digits.split(",");
    normalised = parts.length === 2 && parts[1].length !== 3 ? parts.join(".") : parts.join("");
  } else {
    const parts = digits.split(".");
    normalised = parts.length > 2 ? parts.join("") : digits;
  }
  const value = Number(normalised);
  if (!Number.isFinite(value)) return null;
  return negative ? -Math.abs(value) : value;
}

export function formatNumber(value: number): string {
  return String(Math.round(value * 1e6) / 1e6);
}

/** "YYYY-MM-DD", or null when no such day exists; two-digit years are 1950–2049. */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 100) year += year < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The month a word names ("Mar", "March", "Sept"), 1–12, or 0. */
function monthNumber(word: string): number {
  const lower = word.toLowerCase();
  if (lower.length < 3) return 0;
  return monthNames.findIndex((name) => name.startsWith(lower)) + 1;
}

/**
 * Common date spellings → "YYYY-MM-DD": "2018-12-25", "25/12/2018", "12/25/2018 10:30", "25.12.18",
 * "25 Dec 2018", "25-Dec-18", "25DEC2018", "December 25, 2018", and a bare "20181225". Years have two or four
 * digits: "1/2/345" is a reference, not a date. `order` (the document's, date-order.ts) decides a
 * numeric date both orders allow ("03/01/2018"); a date only one order allows is read that way.
 */
export function parseDate(text: string, order?: DateOrder): string | null {
  const value = text.trim();
  const compact = value.match(/^((?:19|20)\d{2})(\d{2})(\d{2})$/);
  if (compact) return isoDate(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  let match = value.match(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/);
  if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = value.match(/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const dayFirst = isoDate(year, second, first);
    const monthFirst = isoDate(year, first, second);
    // Only a date both readings allow needs an order; without the document's, slashes read
    // month-first (US) and dots and dashes day-first.
    if (!dayFirst || !monthFirst) return dayFirst ?? monthFirst;
    return (order ?? (value.includes("/") ? "month-first" : "day-first")) === "month-first" ? monthFirst : dayFirst;
  }
  match = value.match(/\b(\d{1,2})(?:st|nd|rd|th)?[-./\s]?\s*([a-z]{3,9})\.?(?:[-./,]\s*|\s+)?(\d{4}|\d{2})\b/i);
  if (match && monthNumber(match[2])) return isoDate(Number(match[3]), monthNumber(match[2]), Number(match[1]));
  match = value.match(/\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,\s*|\s+)(\d{4})\b/i);
  if (match && monthNumber(match[1])) return isoDate(Number(match[3]), monthNumber(match[1]), Number(match[2]));
  return null;
}

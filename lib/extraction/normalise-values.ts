// Values are normalised to strings a program can parse: decimals with a dot, ISO dates.

const months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

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

function iso(year: number, month: number, day: number): string | null {
  if (year < 100) year += year < 50 ? 2000 : 1900;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Common date spellings → "YYYY-MM-DD"; day-first for ambiguous numeric dates unless impossible. */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let match = value.match(/\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/);
  if (match) return iso(Number(match[1]), Number(match[2]), Number(match[3]));
  match = value.match(/\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})\b/);
  if (match) {
    const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // Slashes with a first part ≤ 12 read month-first (US); dots and dashes read day-first.
    const monthFirst = value.includes("/") && first <= 12;
    return monthFirst ? iso(year, first, second) : iso(year, second, first);
  }
  match = value.match(/\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b/i);
  if (match && months.includes(match[2].slice(0, 3).toLowerCase())) return iso(Number(match[3]), months.indexOf(match[2].slice(0, 3).toLowerCase()) + 1, Number(match[1]));
  match = value.match(/\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i);
  if (match && months.includes(match[1].slice(0, 3).toLowerCase())) return iso(Number(match[3]), months.indexOf(match[1].slice(0, 3).toLowerCase()) + 1, Number(match[2]));
  return null;
}

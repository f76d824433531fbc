import type { Page } from "@/lib/pages/types";
import { formatNumber, parseDate, parseNumber } from "./normalise-values";
import type { DateOrder, Entity, EntityType } from "../types";
import { boxForRange } from "./word-offsets";

const currencySymbols: Record<string, string> = {
  $: "USD",
  "€": "EUR",
  "£": "GBP",
  "¥": "JPY",
  "₹": "INR",
  CHF: "CHF",
};
const currencyCode = "USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY|SEK|NOK|DKK|PLN";
const amountPattern = new RegExp(
  `(?:([$€£¥₹])\\s?|\\b(${currencyCode})\\s?)(-?\\d{1,3}(?:[,.\\s]\\d{3})*(?:[.,]\\d{2})?|-?\\d+(?:[.,]\\d{2})?)\\b|\\b(-?\\d{1,3}(?:[,.]\\d{3})*[.,]\\d{2})\\s?(${currencyCode}|[€£$])`,
  "g",
);

const patterns: Array<[EntityType, RegExp]> = [
  ["email", /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/g],
  ["url", /\bhttps?:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+\.[a-z]{2,}[^\s<>"]*/gi],
  ["iban", /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,4})?\b/g],
  // "2018-12-25", "25/12/2018", "25.12.18", "25 Dec 2018", "25-Dec-18", "Dec 25, 2018" (parseDate reads and checks them).
  [
    "date",
    /\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})\b|\b\d{1,2}(?:st|nd|rd|th)?[-./\s]\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:[-./,]\s*|\s+)(?:\d{4}|\d{2})\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b/gi,
  ],
  ["phone", /(?:\+\d{1,3}[\s.-]?)?\(?\d{2,4}\)?[\s.-]\d{3,4}[\s.-]\d{3,4}\b/g],
  ["id", /\b(?:[A-Z]{2,5}[-/]?\d{3,}[A-Z0-9-]*|#\s?\d{3,})\b/g],
];

function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s/g, "");
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

function normalise(type: EntityType, text: string, dateOrder: DateOrder | undefined): string | null {
  switch (type) {
    case "email":
      return text.toLowerCase();
    case "date":
      return parseDate(text, dateOrder);
    case "iban":
      return ibanValid(text) ? text.replace(/\s/g, "") : null;
    case "phone":
      return text.replace(/\D/g, "").length >= 7 ? text.replace(/[^\d+]/g, "") : null;
    default:
      return text;
  }
}

/** `dateOrder` is the document's (date-order.ts), to read "03/01/2018" as its writer meant. */
export function findEntities(pages: Page[], dateOrder?: DateOrder): Entity[] {
  const entities: Entity[] = [];
  for (const page of pages) {
    const taken: Array<[number, number]> = [];
    const overlaps = (start: number, end: number) => taken.some(([a, b]) => start < b && end > a);
    for (const match of page.text.matchAll(amountPattern)) {
      const number = parseNumber(match[3] ?? match[4] ?? "");
      if (number === null) continue;
      const symbol = match[1] ?? match[2] ?? match[5] ?? "";
      const start = match.index;
      const end = start + match[0].length;
      taken.push([start, end]);
      entities.push({
        type: "amount",
        text: match[0].trim(),
        value: formatNumber(number),
        currency: currencySymbols[symbol] ?? symbol.toUpperCase(),
        page: page.pageNumber,
        box: boxForRange(page, start, end),
      });
    }
    for (const [type, pattern] of patterns) {
      for (const match of page.text.matchAll(pattern)) {
        const start = match.index;
        const end = start + match[0].length;
        if (overlaps(start, end)) continue;
        const value = normalise(type, match[0], dateOrder);
        if (value === null) continue;
        taken.push([start, end]);
        entities.push({ type, text: match[0], value, page: page.pageNumber, box: boxForRange(page, start, end) });
      }
    }
  }
  return entities;
}

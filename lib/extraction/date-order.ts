import type { Page } from "@/lib/documents/types";
import { isoDate } from "./normalise-values";
import type { DateOrder } from "./types";

// "03/01/2018" is 3 January on a Malaysian receipt and March 1 on a US one. A document shows its
// own order where one of its dates can be read only one way ("25/12/2018"); where none can, the
// language or the currency it uses is the next best sign.

// Three numeric parts with one separator, not inside a longer run ("1.2.3.4", a time range "12.30-14.45").
const numericDatePattern = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d|[/.-]\d)/g;

// Languages detectLanguage names (classify.ts) whose countries write the day first; English does both.
const dayFirstLanguages = new Set(["de", "fr", "es", "it", "nl", "pt"]);

// Ringgit (printed "RM 9.00" or as a column heading "Amt(RM)"), euro, pound, rupee, real.
const dayFirstCurrency = /\bRM\b|\bMYR\b|[€£₹]|\bR\$/;
// A dollar sign on its own, not S$ or R$: US unless something else says otherwise.
const bareDollar = /(?<![A-Za-z])\$\s?\d/;

/** The order one date shows: "25/12/2018" day-first, "12/25/2018" month-first, "03/01/2018" neither. */
function orderShown(first: number, second: number, year: number): DateOrder | undefined {
  const dayFirst = isoDate(year, second, first) !== null;
  const monthFirst = isoDate(year, first, second) !== null;
  if (dayFirst === monthFirst) return undefined;
  return dayFirst ? "day-first" : "month-first";
}

/** The orders the text's numeric dates show: none, one, or both when they disagree. */
function ordersShown(text: string): Set<DateOrder> {
  const shown = new Set<DateOrder>();
  for (const match of text.matchAll(numericDatePattern)) {
    const order = orderShown(Number(match[1]), Number(match[3]), Number(match[4]));
    if (order) shown.add(order);
  }
  return shown;
}

function orderOfCurrency(text: string): DateOrder | undefined {
  if (dayFirstCurrency.test(text)) return "day-first";
  return bareDollar.test(text) ? "month-first" : undefined;
}

/**
 * The order the document writes numeric dates in, for parseDate to read the ones both orders
 * allow; undefined when nothing tells or its dates disagree (parseDate's default then applies).
 * `language` is detectLanguage's code for the document's text.
 */
export function dateOrderOf(pages: Page[], language?: string): DateOrder | undefined {
  const text = pages.map((page) => page.text).join("\n");
  const shown = ordersShown(text);
  if (shown.size === 1) return [...shown][0];
  if (shown.size > 1) return undefined;
  if (language && dayFirstLanguages.has(language)) return "day-first";
  return orderOfCurrency(text);
}

import type { Page } from "@/lib/pages/types";
import { isoDate } from "../entities/normalise-values";
import type { DateOrder } from "../types";

// "03/01/2018" is 3 January on a Malaysian receipt and March 1 on a US one. A document shows its
// own order where one of its dates can be read only one way ("25/12/2018"); where none can, the
// language or the currency it uses is the next best sign.

// Three numeric parts with one separator, not inside a longer run ("1.2.3.4", a time range "12.30-14.45").
const numericDatePattern = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d|[/.-]\d)/g;

// Languages detectLanguage names (classify.ts) whose countries write the day first; English does both.
const dayFirstLanguages = new Set(["de", "fr", "es", "it", "nl", "pt"]);

// Ringgit (printed "RM 9.00" or as a column heading "Amt(RM)"), euro, pound, rupee, real.
const dayFirstCurrency = /\bRM\b|\bMYR\b|[€£₹]|\bR\$/;
// Malaysian, British and German-speaking legal forms (the US writes "Inc." and "LLC").
const dayFirstLegalForm =
  /\b(?:Sdn\.? ?Bhd|Bhd|Berhad|S\/B|Ltd|Limited|PLC|Pty|Pte|GmbH|AG|SARL|S\.?A\.?R\.?L|B\.?V)\b\.?/i;
const monthFirstLegalForm = /\b(?:LLC|Inc|INC)\b\.?/;
// Goods and services tax: Malaysia, Singapore, Australia, New Zealand, India (Canada's is the exception).
const dayFirstTax = /\b(?:GST|SST)\b/;
// Countries that write the day first, named in an address or a footer.
const dayFirstCountry =
  /\b(?:Malaysia|Singapore|United Kingdom|England|Scotland|Wales|Ireland|Australia|New Zealand|India|Indonesia|Thailand|Hong Kong|South Africa|Nigeria|Kenya)\b/i;
// A dollar sign on its own, not S$ or R$: US unless something else says otherwise.
const bareDollar = /(?<![A-Za-z])\$\s?\d/;

/** The order one date shows: "25/12/2018" day-first, "12/25/2018" month-first, "03/01/2018" neither. */
function orderShown(first: number, second: number, year: number): DateOrder | undefined {
  const dayFirst = isoDate(year, second, first) !== null;
  const monthFirst = isoDate(year, first, second) !== null;
  if (dayFirst === monthFirst) return undefined;
  return dayFirst ? "day-first" : "month-first";
}

/** The orders the text's numeric dates show, each with the first date showing it. */
function ordersShown(text: string): Map<DateOrder, string> {
  const shown = new Map<DateOrder, string>();
  for (const match of text.matchAll(numericDatePattern)) {
    const order = orderShown(Number(match[1]), Number(match[3]), Number(match[4]));
    if (order && !shown.has(order)) shown.set(order, match[0]);
  }
  return shown;
}

/** Signs of where the document was written, day-first places before month-first ones. */
function orderOfPlace(text: string): DateOrderEvidence | undefined {
  const currency = text.match(dayFirstCurrency);
  if (currency)
    return { order: "day-first", reason: `amounts in ${currency[0]}, a currency written with day-first dates` };
  const form = text.match(dayFirstLegalForm);
  if (form) return { order: "day-first", reason: `its issuer is a ${form[0]}, a legal form of a day-first country` };
  const tax = text.match(dayFirstTax);
  if (tax) return { order: "day-first", reason: `it shows ${tax[0]}, a tax of day-first countries` };
  const country = text.match(dayFirstCountry);
  if (country) return { order: "day-first", reason: `printed in ${country[0]}, which writes the day first` };
  const usForm = text.match(monthFirstLegalForm);
  if (usForm) return { order: "month-first", reason: `its issuer is an ${usForm[0]}, a US legal form` };
  if (bareDollar.test(text)) return { order: "month-first", reason: "amounts in $ with no other sign: US dates" };
  return undefined;
}

export interface DateOrderEvidence {
  order: DateOrder;
  /** What on the document decided it, for the field's details. */
  reason: string;
}

/**
 * The order the document writes numeric dates in, and why; undefined when nothing tells or its
 * dates disagree (parseDate's default then applies). `language` is detectLanguage's code.
 */
export function dateOrderEvidence(pages: Array<Pick<Page, "text">>, language?: string): DateOrderEvidence | undefined {
  const text = pages.map((page) => page.text).join("\n");
  const shown = ordersShown(text);
  if (shown.size === 1) {
    const [[order, date]] = [...shown];
    const place = orderOfPlace(text);
    // One date against every sign of the place ("01/18/2017" on a ringgit receipt) is more likely misread.
    if (place && place.order !== order) return place;
    return { order, reason: `another date on it, ${date}, can only be read ${order}` };
  }
  if (shown.size > 1) return undefined;
  if (language && dayFirstLanguages.has(language))
    return { order: "day-first", reason: `written in a language (${language}) whose countries put the day first` };
  return orderOfPlace(text);
}

/** The order alone: see dateOrderEvidence. */
export function dateOrderOf(pages: Page[], language?: string): DateOrder | undefined {
  return dateOrderEvidence(pages, language)?.order;
}

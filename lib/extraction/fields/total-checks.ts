import type { Page } from "@/lib/pages/types";
import { formatNumber, parseNumber } from "../entities/normalise-values";
import { lineWords } from "../words/value-lines";

// The arithmetic a person does to check a receipt's total: what was paid (cash tendered less the
// change), what it is made of (the subtotal plus the tax, service charge and rounding printed
// between it and the total), a tax summary row (net plus tax), and the same amount printed again
// (a card slip, a rounded line). Each agreeing check is stated; a payment that disagrees is too.

export interface AmountLine {
  value: number;
  page: number;
  y: number;
  /** All amounts on the row, left to right: a summary row's net and tax. */
  rowAmounts: number[];
}

export interface TotalCheck {
  agrees: boolean;
  /** What was checked, for the field's details: "cash 50.00 less change 19.00 is 31.00". */
  says: string;
  /** A payment check is strong evidence; the others are weaker. */
  kind: "payment" | "parts" | "summary" | "repeated";
}

const money = /(?<![\d.,])\d{1,6}[.,] ?\d{2}(?![\d])/g;
const same = (a: number, b: number) => Math.abs(a - b) < 0.005;
const shown = (value: number) => value.toFixed(2);
/** Heights (a share of the page) within which two readings are of one row. */
const sameRow = 0.005;

/** Every amount with cents on the pages, one entry per row. */
export function amountLines(pages: Page[]): AmountLine[] {
  return pages
    .filter((page) => !page.error)
    .flatMap((page) =>
      page.lines.flatMap((_, index) => {
        const words = lineWords(page, index);
        const rowAmounts = [
          ...words
            .map((word) => word.text)
            .join(" ")
            .matchAll(money),
        ]
          .map((match) => parseNumber(match[0].replace(" ", "")))
          .filter((value): value is number => value !== null);
        if (rowAmounts.length === 0 || words.length === 0) return [];
        return [{ value: rowAmounts.at(-1)!, page: page.pageNumber, y: words[0].box.y, rowAmounts }];
      }),
    );
}

export interface PaymentFacts {
  tendered: number[];
  change: number[];
}

/** Cash tendered less the change; only when both are printed (a card payment alone is no check). */
function paymentCheck(value: number, payment: PaymentFacts): TotalCheck | undefined {
  if (payment.tendered.length === 0 || payment.change.length === 0) return undefined;
  for (const given of payment.tendered)
    for (const back of payment.change)
      if (back <= given && same(given - back, value))
        return {
          agrees: true,
          kind: "payment",
          says: `${shown(given)} paid less ${shown(back)} change is ${shown(value)}`,
        };
  const [given, back] = [payment.tendered[0], payment.change[0]];
  return {
    agrees: false,
    kind: "payment",
    says: `${shown(given)} paid less ${shown(back)} change is ${formatNumber(Math.round((given - back) * 100) / 100)}, not ${shown(value)}`,
  };
}

/** Each subtotal over the total plus everything printed between them (tax, service, rounding). */
function partsSums(
  value: number,
  total: { page: number; y: number },
  subtotals: AmountLine[],
  lines: AmountLine[],
): Array<{ sum: number; subtotal: number; says: string }> {
  return subtotals.flatMap((subtotal) => {
    if (subtotal.page !== total.page || subtotal.y >= total.y || same(subtotal.value, value)) return [];
    // A row's first word and its amount sit at slightly different heights on a tilted scan.
    const between = lines.filter(
      (line) => line.page === total.page && line.y > subtotal.y + sameRow && line.y < total.y - sameRow,
    );
    if (between.length === 0) return [];
    const sum = Math.round(between.reduce((sum, line) => sum + line.value, subtotal.value) * 100) / 100;
    return [
      {
        sum,
        subtotal: subtotal.value,
        says: `subtotal ${shown(subtotal.value)} plus ${between.map((line) => shown(line.value)).join(" and ")} is ${shown(sum)}`,
      },
    ];
  });
}

function partsCheck(
  value: number,
  total: { page: number; y: number },
  subtotals: AmountLine[],
  lines: AmountLine[],
): TotalCheck | undefined {
  const agreeing = partsSums(value, total, subtotals, lines).find(({ sum }) => same(sum, value));
  return agreeing && { agrees: true, kind: "parts", says: agreeing.says };
}

/** "15.75" and "15.15": the same number of digits, one of them different (a digit OCR misread). */
function oneDigitApart(a: number, b: number): boolean {
  const [x, y] = [shown(a), shown(b)];
  if (x.length !== y.length || x === y) return false;
  return [...x].filter((character, index) => character !== y[index]).length === 1;
}

/**
 * "TOTAL 15.75" under a subtotal of 12.99, service 1.30 and tax 0.86: the parts add up to 15.15,
 * one digit from what was read, so the total's digit was misread and the sum is the total. Only
 * the subtotal's arithmetic repairs: the amounts it adds were read on other lines.
 */
export function repairedByParts(
  value: number,
  total: { page: number; y: number },
  subtotals: AmountLine[],
  lines: AmountLine[],
): { value: number; check: TotalCheck } | undefined {
  const sums = partsSums(value, total, subtotals, lines);
  if (sums.some(({ sum }) => same(sum, value))) return undefined;
  // Nothing but zeros added: the subtotal's digit may be the misread one as well as the total's.
  const repair = sums.find(({ sum, subtotal }) => !same(sum, subtotal) && oneDigitApart(sum, value));
  return (
    repair && {
      value: repair.sum,
      check: { agrees: true, kind: "parts", says: `read ${shown(value)}, but ${repair.says}: one digit misread` },
    }
  );
}

/**
 * "Total After Adj 37.00" that nothing confirms, over a "Sub total 31.00" that a tax summary row
 * (29.24 plus 1.76) adds up to: the two are one digit apart, so OCR misread a digit of one of them,
 * and the arithmetic says which. Only another labelled sum line is taken, and only on a sum's
 * evidence (parts, a summary, the payment): a second printing alone repeats a misreading as well.
 */
export function repairedByConfirmedAmount(
  value: number,
  others: Array<{ value: number; page: number; y: number; label: string }>,
  payment: PaymentFacts,
  subtotals: AmountLine[],
  lines: AmountLine[],
): { value: number; checks: TotalCheck[] } | undefined {
  for (const other of others) {
    if (!oneDigitApart(other.value, value)) continue;
    const checks = checkTotal(other.value, other, payment, subtotals, lines);
    const sum = checks.find((check) => check.agrees && check.kind !== "repeated");
    if (sum) {
      const says = `read ${shown(value)}, but "${other.label}" ${shown(other.value)} is one digit apart and ${sum.says}: one digit misread`;
      return { value: other.value, checks: checks.map((check) => (check === sum ? { ...sum, says } : check)) };
    }
  }
  return undefined;
}

/** A tax summary row whose net and tax add up to the total. */
function summaryCheck(value: number, lines: AmountLine[]): TotalCheck | undefined {
  const row = lines.find(
    (line) => line.rowAmounts.length >= 2 && same(line.rowAmounts.at(-2)! + line.rowAmounts.at(-1)!, value),
  );
  if (!row) return undefined;
  const [net, tax] = row.rowAmounts.slice(-2);
  return { agrees: true, kind: "summary", says: `a summary row's ${shown(net)} plus ${shown(tax)} is ${shown(value)}` };
}

/** The checks that apply to one candidate total. */
export function checkTotal(
  value: number,
  at: { page: number; y: number },
  payment: PaymentFacts,
  subtotals: AmountLine[],
  lines: AmountLine[],
): TotalCheck[] {
  const elsewhere = lines.filter(
    (line) =>
      (line.page !== at.page || Math.abs(line.y - at.y) > sameRow) &&
      same(line.value, value) &&
      !payment.tendered.some((given) => same(given, value)),
  );
  const checks = [
    paymentCheck(value, payment),
    partsCheck(value, at, subtotals, lines),
    summaryCheck(value, lines),
    elsewhere.length > 0
      ? ({ agrees: true, kind: "repeated", says: `${shown(value)} is printed again` } as const)
      : undefined,
  ];
  return checks.filter((check): check is TotalCheck => check !== undefined);
}

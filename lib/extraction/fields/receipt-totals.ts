import { unionBox } from "@/lib/pages/layout";
import type { Box, Page, Word } from "@/lib/pages/types";
import { parseNumber } from "../entities/normalise-values";
import {
  amountLines,
  checkTotal,
  repairedByConfirmedAmount,
  repairedByParts,
  type AmountLine,
  type PaymentFacts,
  type TotalCheck,
} from "./total-checks";
import { totalLabelKind, totalLabelStrength, type TotalLabelKind } from "@/lib/text/total-labels";
import { lineBeside, lineWords } from "../words/value-lines";
import { meanWordConfidence, trimNoise } from "../words/value-words";

// The total of a receipt or invoice: every amount ending a labelled line is a candidate (the
// label read as a kind: the sum to pay, a plain total, a subtotal, the tax, the cash tendered), with
// the arithmetic that checks it (total-checks.ts: the amount tendered less the change, the subtotal
// plus the tax, a tax summary's net plus tax). A ranker trained on labelled receipts weighs that
// evidence (receipt-field-model.ts); the chosen amount keeps the repairs the arithmetic gives (a
// misread digit, a rounding to 5 cents) and carries its checks as the reason in the field's details.

export interface DocumentTotal {
  value: number;
  page: number;
  box: Box;
  /** The words the amount was read from. */
  words: string[];
  kind: TotalLabelKind;
  label: string;
  checks: TotalCheck[];
  /** Mean OCR confidence of the labelled row. */
  wordConfidence: number;
  /** A digit of the amount was misread and the arithmetic gave it back (total-checks.ts). */
  repaired: boolean;
  reason: string;
}

interface LabelledAmount {
  kind: TotalLabelKind;
  value: number;
  page: number;
  /** Top of the amount on its page, to read the lines in order. */
  y: number;
  amountWords: Word[];
  rowWords: Word[];
  label: string;
  /** Another amount in front of this one: a row of a table (a tax summary), not a sum line. */
  tableRow: boolean;
}

/**
 * Money ending a row: "9.00", "1,234.50", "1.234,56", "RM8.60", "$7.10", "43. 90" (OCR splits at
 * the point), optionally followed by a currency glued on. Cents are required: a count or a code
 * ("Total Qty 6", "No. 1234") is not a sum of money.
 */
const trailingAmount =
  /(?<![\d.,])(-?(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+|\d+)[.,] ?\d{2})(?:[A-Za-z]{1,3}|[$€£¥])?$/;
const anyAmount = /\d[.,] ?\d{2}\b/;
/** A currency or tax code after the amount ("RM", "EUR", "SR" for standard-rated). */
const trailingCode = /^[A-Za-z]{1,3}$/;

/** The row's words with the currency and tax codes after its amount dropped. */
function withoutTrailingCodes(words: Word[]): Word[] {
  let end = words.length;
  while (end > 1 && words.length - end < 2 && trailingCode.test(words[end - 1].text)) end--;
  return words.slice(0, end);
}

/** Characters a scan's OCR prints for digits inside an amount: zeros ("10 5 . Q Q", "1@.00"), a five on thermal print ("§.30"). */
const digitLookAlikes: Record<string, string> = { O: "0", o: "0", Q: "0", D: "0", "@": "0", "§": "5" };
const lookAlike = /[OoQD@§]/g;
const amountPiece = /^[\dOoQD@§.,]+$/;

/**
 * "Total: 10 5 . Q Q" → the words "Total:", "105.00": an amount OCR broke into pieces and read
 * zeros of as letters, rejoined when its pieces end the row and most of them are digits; an amount
 * read whole with a digit misread ("§.30") is read the same way.
 */
function rejoinedAmount(row: Word[]): Word[] {
  let start = row.length;
  while (start > 1 && amountPiece.test(row[start - 1].text)) start--;
  const pieces = row.slice(start);
  const joined = pieces.map((word) => word.text).join("");
  const digits = joined.replace(/\D/g, "").length;
  const misread = joined.search(lookAlike) >= 0;
  if ((pieces.length < 2 && !misread) || digits < 2 || digits * 2 < joined.replace(/[.,]/g, "").length) return row;
  const text = joined.replace(lookAlike, (character) => digitLookAlikes[character]);
  const box = unionBox(pieces.map((word) => word.box));
  return [
    ...row.slice(0, start),
    { ...pieces[0], text, box, confidence: Math.min(...pieces.map((word) => word.confidence)) },
  ];
}

function readRow(page: Page, words: Word[]): LabelledAmount | undefined {
  const clean = trimNoise(words);
  const trimmed = withoutTrailingCodes(clean);
  const printed = trimmed.map((word) => word.text).join(" ");
  // The zeros read as letters would pass for a currency code: rejoin before dropping codes.
  const row = trailingAmount.test(printed) ? trimmed : withoutTrailingCodes(rejoinedAmount(clean));
  const text = row.map((word) => word.text).join(" ");
  const match = text.match(trailingAmount);
  const value = match ? parseNumber(match[1]) : null;
  if (!match || value === null) return undefined;
  const label = text.slice(0, match.index);
  const kind = totalLabelKind(label);
  if (!kind) return undefined;
  // The words the matched characters fall in (offsets count one space between words).
  const amountStart = label.length;
  let offset = 0;
  const amountWords = row.filter((word) => {
    const start = offset;
    offset += word.text.length + 1;
    return start + word.text.length > amountStart;
  });
  return {
    kind,
    value,
    page: page.pageNumber,
    y: amountWords[0].box.y,
    amountWords,
    rowWords: row,
    label: label.trim(),
    tableRow: anyAmount.test(label),
  };
}

/** OCR reads a label and its amount far to the right as two lines of one row. */
function readRowWithBeside(page: Page, lineIndex: number, words: Word[]): LabelledAmount | undefined {
  const line = page.lines[lineIndex];
  if (!totalLabelKind(line.text)) return undefined;
  const beside = lineBeside(page, line.box, new Set([lineIndex]));
  return beside === undefined ? undefined : readRow(page, [...words, ...lineWords(page, beside)]);
}

function labelledAmounts(page: Page): LabelledAmount[] {
  const found: LabelledAmount[] = [];
  page.lines.forEach((_, index) => {
    const words = lineWords(page, index);
    const amount = readRow(page, words) ?? readRowWithBeside(page, index, words);
    if (amount) found.push(amount);
  });
  return found.sort((a, b) => a.y - b.y);
}

const rounding = /\bround(?:ing|ed)?\b/i;

/**
 * "Rounding 42.35" under "Total 42.33": a line labelled as rounding whose amount is a total rounded
 * to the nearest 5 cents, not the adjustment itself, is the sum to pay.
 */
function roundedTotal(amount: LabelledAmount, amounts: LabelledAmount[]): boolean {
  if (amount.kind !== "other" || !rounding.test(amount.label)) return false;
  return amounts.some(
    (total) =>
      totalLabelStrength(total.kind) >= 2 &&
      total.y < amount.y &&
      total.value !== amount.value &&
      Math.abs(total.value - amount.value) <= 0.05,
  );
}

/** A payment by card pays the total exactly; cash may be more, with or without the change printed. */
const cardLabel = /\b(?:card|visa|master|amex|debit|credit|eftpos)/i;

/** Cash is paid to the nearest 5 cents where the smallest coin is 5 cents. */
const fiveCents = (value: number) => Math.abs(value * 20 - Math.round(value * 20)) < 1e-6;

/**
 * "Total 31.02" and "Rounding Adj -0.02" with no rounded total read: the sum paid is the total
 * rounded by the adjustment to 5 cents (OCR often drops the minus, so the sign that lands on 5
 * cents is taken). A payment that agrees with the unrounded total keeps it: a card pays exactly.
 */
function roundedByAdjustment(
  value: number,
  amounts: LabelledAmount[],
  checks: TotalCheck[],
): { value: number; says: string } | undefined {
  if (fiveCents(value) || checks.some((check) => check.kind === "payment" && check.agrees)) return undefined;
  for (const adjustment of amounts.filter((amount) => amount.kind === "other" && rounding.test(amount.label))) {
    const step = Math.abs(adjustment.value);
    if (step === 0 || step >= 0.05) continue;
    const rounded = [value - step, value + step].map((sum) => Math.round(sum * 100) / 100).find(fiveCents);
    if (rounded !== undefined)
      return { value: rounded, says: `rounded by ${step.toFixed(2)} to ${rounded.toFixed(2)} ("${adjustment.label}")` };
  }
  return undefined;
}

/**
 * No line labelled as the total read, but the cash tendered and the change: what was paid is the
 * total when the same amount is printed elsewhere (an item, a tax summary) to confirm it.
 */
function paidLessChange(
  amounts: LabelledAmount[],
  payment: PaymentFacts,
  subtotals: AmountLine[],
  lines: AmountLine[],
): { amount: LabelledAmount; value: number; checks: TotalCheck[]; change: LabelledAmount } | undefined {
  const change = amounts.find((amount) => amount.kind === "change");
  if (!change) return undefined;
  for (const tendered of amounts.filter((amount) => amount.kind === "tendered")) {
    const value = Math.round((tendered.value - change.value) * 100) / 100;
    if (value <= 0) continue;
    const checks = checkTotal(value, tendered, payment, subtotals, lines).filter((check) => check.agrees);
    if (checks.some((check) => check.kind !== "payment")) return { amount: tendered, value, checks, change };
  }
  return undefined;
}

/** One amount that may be the document's total, with the evidence a ranker weighs (receipt-field-features.ts). */
export interface TotalCandidate {
  value: number;
  kind: TotalLabelKind;
  label: string;
  checks: TotalCheck[];
  /** Another amount in front of it on its row: a table's row, not a sum line. */
  tableRow: boolean;
  /** Printed before the payment lines (cash, change), where the sum to pay is. */
  beforePayment: boolean;
  /** Top of the amount, a share of its page's height. */
  y: number;
  page: number;
  wordConfidence: number;
  /** The least sure word of its row. */
  weakestWord: number;
}

/** Scores candidates, higher the likelier the total (the trained ranker, receipt-field-model.ts). */
export type RankTotals = (candidates: TotalCandidate[], pages: Page[]) => number[];

export function findDocumentTotal(pages: Page[], rank: RankTotals): (DocumentTotal & { score: number }) | undefined {
  const amounts = pages.filter((page) => !page.error).flatMap(labelledAmounts);
  const payment: PaymentFacts = {
    tendered: amounts.filter((amount) => amount.kind === "tendered").map((amount) => amount.value),
    change: amounts.filter((amount) => amount.kind === "change").map((amount) => amount.value),
  };
  const subtotals = amounts
    .filter((amount) => amount.kind === "subtotal")
    .map((amount) => ({ value: amount.value, page: amount.page, y: amount.y, rowAmounts: [amount.value] }));
  const lines = amountLines(pages);
  const paid = amounts.find((amount) => amount.kind === "tendered" || amount.kind === "change");
  const beforePayment = (amount: LabelledAmount) =>
    !paid || amount.page < paid.page || (amount.page === paid.page && amount.y <= paid.y);
  // Every labelled amount but the change is a candidate (OCR garbles labels enough that a sum may
  // read as a tax or a rounding line), and a payment when nothing was given back and it was by card
  // or something confirms it: cash may be more than the total when the change is not printed.
  const paidExactly = (amount: LabelledAmount) =>
    payment.change.length === 0 &&
    (cardLabel.test(amount.label) ||
      checkTotal(amount.value, amount, payment, subtotals, lines).some((check) => check.agrees));
  const considered = amounts
    .map((amount) => ({ amount, kind: roundedTotal(amount, amounts) ? ("final" as const) : amount.kind }))
    .filter(
      ({ amount, kind }) => amount.value > 0 && kind !== "change" && (kind !== "tendered" || paidExactly(amount)),
    );
  const candidates: TotalCandidate[] = considered.map(({ amount, kind }) => ({
    value: amount.value,
    kind,
    label: amount.label,
    checks: checkTotal(amount.value, amount, payment, subtotals, lines),
    tableRow: amount.tableRow,
    beforePayment: beforePayment(amount),
    y: amount.y,
    page: amount.page,
    wordConfidence: meanWordConfidence(amount.rowWords),
    weakestWord: Math.min(...amount.rowWords.map((word) => word.confidence)),
  }));
  const scores = candidates.length > 0 ? rank(candidates, pages) : [];
  let best: { amount: LabelledAmount; kind: TotalLabelKind; score: number; checks: TotalCheck[] } | undefined;
  for (const [index, score] of scores.entries())
    // On equal terms the later line: the final total comes after the subtotals.
    if (!best || score >= best.score) best = { ...considered[index], score, checks: candidates[index].checks };
  if (!best) {
    const paid = paidLessChange(amounts, payment, subtotals, lines);
    if (!paid) return undefined;
    const amountWords = [...paid.amount.amountWords, ...paid.change.amountWords];
    return {
      value: paid.value,
      repaired: false,
      page: paid.amount.page,
      box: unionBox(amountWords.map((word) => word.box)),
      words: amountWords.map((word) => word.text),
      kind: "tendered",
      label: paid.amount.label,
      checks: paid.checks,
      wordConfidence: meanWordConfidence([...paid.amount.rowWords, ...paid.change.rowWords]),
      reason: ["no line labelled as the total read", ...paid.checks.map((check) => check.says)].join("; "),
      score: 0,
    };
  }
  const { amount, kind, score } = best;
  let { checks } = best;
  let value = amount.value;
  // Sum lines other than the one chosen: a subtotal, a total before or after rounding.
  const sumLines = amounts.filter(
    (other) => other !== amount && !other.tableRow && totalLabelStrength(other.kind) > 0 && other.value !== value,
  );
  const confirmed = checks.some((check) => check.agrees);
  const repair = confirmed ? undefined : repairedByParts(value, amount, subtotals, lines);
  if (repair) [value, checks] = [repair.value, [repair.check, ...checks.filter((check) => check.kind !== "parts")]];
  const neighbour =
    confirmed || repair ? undefined : repairedByConfirmedAmount(value, sumLines, payment, subtotals, lines);
  if (neighbour) [value, checks] = [neighbour.value, neighbour.checks];
  const rounded = roundedByAdjustment(value, amounts, checks);
  if (rounded) {
    value = rounded.value;
    // The checks were of the unrounded amount.
    checks = checkTotal(value, amount, payment, subtotals, lines);
  }
  const reasons = [
    kind === "tendered" ? `no line labelled as the total; paid "${amount.label}"` : `labelled "${amount.label}"`,
    ...(rounded ? [rounded.says] : []),
    ...checks.map((check) => (check.agrees ? check.says : `but ${check.says}`)),
  ];
  return {
    value,
    repaired: repair !== undefined || neighbour !== undefined,
    page: amount.page,
    box: unionBox(amount.amountWords.map((word) => word.box)),
    words: amount.amountWords.map((word) => word.text),
    kind,
    label: amount.label,
    checks,
    wordConfidence: meanWordConfidence(amount.rowWords),
    reason: reasons.join("; "),
    score,
  };
}

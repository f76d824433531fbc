import type { DocumentDate } from "./document-date";
import type { IssuerPart } from "./issuer-header";
import type { DocumentTotal } from "./receipt-totals";

// Field confidences calibrated on the receipts' development set (SROIE, tuned on half a): the
// evidence each finder weighs is turned into a number such that the fields reported at 0.9 or more
// are right about 95% of the time (held-out half b: 38% of fields at 0.9 or more, 95% of them right;
// bench/extraction-kv.bench-run.ts prints the figures). Wider tiers tuned on half a (lower OCR
// thresholds for names and addresses, one agreeing check for a total) reached half a's fields at
// 96% right but only 90% on half b, and were withdrawn. What decides is mostly OCR certainty, since
// one misread character makes a name or an amount wrong, and the checks a reader would make: a date
// labelled or printed twice, a total the payment confirms, a name the page does not print another way.

const round = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;

/** Below the sure tier, confidence follows the OCR's certainty of the words read. */
const byWords = (ceiling: number, wordConfidence: number) => round(ceiling * Math.min(1, wordConfidence + 0.1));

export function dateConfidence(date: DocumentDate): number {
  if (date.orderUnknown) return byWords(0.6, date.wordConfidence);
  if (date.repaired) return byWords(0.7, date.wordConfidence);
  if (date.wordConfidence >= 0.75) return date.labelled || date.repeated ? 0.95 : 0.9;
  return byWords(0.85, date.wordConfidence);
}

export function totalConfidence(total: DocumentTotal): number {
  const agreeing = total.checks.filter((check) => check.agrees);
  if (total.checks.some((check) => !check.agrees)) return byWords(0.5, total.wordConfidence);
  // A digit given back by the arithmetic, or a payment taken for the total: likely, not sure.
  if (total.repaired || total.kind === "tendered") return byWords(0.8, total.wordConfidence);
  const paid = agreeing.some((check) => check.kind === "payment");
  if (paid && total.wordConfidence >= (agreeing.length > 1 ? 0.7 : 0.8)) return agreeing.length > 1 ? 0.97 : 0.95;
  if (agreeing.length >= 2 && total.wordConfidence >= 0.9) return 0.9;
  const label = { final: 0.85, total_with_tax: 0.85, total: 0.8, subtotal: 0.6, tendered: 0, change: 0, other: 0 };
  return byWords(label[total.kind], total.wordConfidence);
}

/** A name or an address is right only if every word is: its least sure word decides. */
export function issuerConfidence(part: IssuerPart): number {
  // Read two ways on the page: one of them is wrong, however sure OCR was of each.
  if (part.disputed.length > 0) return byWords(0.7, part.weakestWord);
  const sure = { legal_form: 0.88, over_identifier: 0.9, address: 0.85 } as Partial<Record<IssuerPart["cue"], number>>;
  const threshold = sure[part.cue];
  if (threshold !== undefined && part.weakestWord >= threshold) return 0.9;
  const ceiling = { legal_form: 0.85, over_identifier: 0.8, first_line: 0.6, address: 0.85, foot_address: 0.7 }[
    part.cue
  ];
  return byWords(ceiling, part.weakestWord);
}

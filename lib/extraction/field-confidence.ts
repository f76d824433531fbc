import type { Page, Word } from "@/lib/documents/types";
import { editDistance } from "@/lib/text/edit-distance";
import type { DocumentDate } from "./document-date";
import type { IssuerPart } from "./issuer-header";
import { legalFormWords } from "./legal-forms";
import type { DocumentTotal } from "./receipt-totals";
import { amountLines } from "./total-checks";

// What a schema field's confidence means: how often a value with that evidence was right, as
// measured on the receipts' development set (SROIE: tuned on half a, checked on half b). At 0.9 or
// more the value was right about 95% of the time; below, the number falls with the evidence. The
// evidence is what a careful reader would weigh: for a name or an address, how sure OCR was of each
// of its words (one misread letter makes it wrong) and whether it reads like print (no lowercase
// letter in a name printed in capitals, no stray symbol); for a date, a label, a second printing,
// digits read surely; for a total, the label that names the sum to pay and the arithmetic that
// confirms it (cash less change, subtotal plus tax, a tax summary), and nothing that contradicts it.
// Each confidence comes with the words saying why, appended to the field's reason.

export interface FieldConfidence {
  confidence: number;
  /** Why the number is what it is, for the field's details. */
  because: string;
}

/** At this confidence or more a value is reported as sure. */
export const sureConfidence = 0.9;

const round = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;

/** Below the sure tier, confidence follows the OCR's certainty of the words read. */
const byWords = (ceiling: number, wordConfidence: number) => round(ceiling * Math.min(1, wordConfidence + 0.1));

const percent = (value: number) => `${Math.round(value * 100)}%`;

export function dateConfidence(date: DocumentDate): FieldConfidence {
  const read = `its digits read at ${percent(date.wordConfidence)}`;
  if (date.orderUnknown)
    return { confidence: byWords(0.6, date.wordConfidence), because: "day and month order unknown" };
  if (date.repaired)
    return { confidence: byWords(0.7, date.wordConfidence), because: `characters read as digits; ${read}` };
  if (date.wordConfidence >= 0.75) {
    const confirmed = date.labelled || date.repeated;
    return {
      confidence: confirmed ? 0.95 : 0.9,
      because: `${confirmed ? (date.labelled ? "labelled; " : "printed twice; ") : ""}${read}`,
    };
  }
  return { confidence: byWords(0.85, date.wordConfidence), because: `only ${read}` };
}

/** Malaysian, Swiss, Canadian… cash totals are rounded to 5 cents; the sum printed before rounding is not the one paid. */
function roundingPending(total: DocumentTotal, pages: Page[]): boolean {
  const cents = Math.round(total.value * 100);
  if (cents % 5 === 0 || total.kind === "final") return false;
  const rounded = (Math.round(cents / 5) * 5) / 100;
  const roundingLine = pages.some((page) => page.lines.some((line) => /\bround(?:ing|ed)?\b/i.test(line.text)));
  return roundingLine || amountLines(pages).some((line) => Math.abs(line.value - rounded) < 0.005);
}

const checkNames = {
  payment: "the payment",
  parts: "the subtotal's sum",
  summary: "a tax summary",
  repeated: "a second printing",
};

export function totalConfidence(total: DocumentTotal, pages: Page[]): FieldConfidence {
  const agreeing = total.checks.filter((check) => check.agrees);
  const read = `its row read at ${percent(total.wordConfidence)}`;
  const confirmed = `confirmed by ${agreeing.map((check) => checkNames[check.kind]).join(" and ")}`;
  if (total.checks.some((check) => !check.agrees))
    return { confidence: byWords(0.5, total.wordConfidence), because: "the payment contradicts it" };
  const paid = agreeing.some((check) => check.kind === "payment");
  if (!paid && roundingPending(total, pages))
    return {
      confidence: byWords(0.6, total.wordConfidence),
      because: "a rounding is printed: the sum paid may be this amount rounded",
    };
  // A digit given back by the arithmetic, or a payment taken for the total: likely, not sure.
  if (total.repaired)
    return { confidence: byWords(0.8, total.wordConfidence), because: "a digit given back by the arithmetic" };
  if (total.kind === "tendered")
    return { confidence: byWords(0.8, total.wordConfidence), because: "no total printed: the payment taken for it" };
  if (paid && total.wordConfidence >= (agreeing.length > 1 ? 0.7 : 0.8))
    return { confidence: agreeing.length > 1 ? 0.97 : 0.95, because: `${confirmed}; ${read}` };
  const sums = agreeing.some((check) => check.kind === "parts" || check.kind === "summary");
  const sumToPay = total.kind === "final" || total.kind === "total_with_tax";
  if (
    (agreeing.length >= 2 && total.wordConfidence >= 0.8) ||
    (sums && sumToPay && total.wordConfidence >= 0.85) ||
    (total.kind === "final" && total.wordConfidence >= 0.65) ||
    (agreeing.length > 0 && sumToPay && total.wordConfidence >= 0.9)
  )
    return { confidence: 0.9, because: `${agreeing.length > 0 ? confirmed : "labelled as the sum to pay"}; ${read}` };
  const label = { final: 0.85, total_with_tax: 0.85, total: 0.8, subtotal: 0.6, tendered: 0, change: 0, other: 0 };
  return {
    confidence: byWords(label[total.kind], total.wordConfidence),
    because: `${agreeing.length > 0 ? confirmed : "nothing confirms it"}; ${read}`,
  };
}

const letters = (text: string) => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * How surely OCR read each word of a value, legal forms aside (spelled properly whatever OCR
 * read): a word of the value takes the confidence of the word read most like it, so a word given
 * back its spelling ("Jatan" → "JALAN") keeps the doubt of its reading, and what the value left out
 * (a registration number in brackets) does not count.
 */
export function valueWordConfidences(text: string, read: Word[]): number[] {
  const tokens = text.split(/\s+/).filter((token) => letters(token).length > 0);
  const forms = legalFormWords(tokens);
  const candidates = read.map((word) => ({ core: letters(word.text), confidence: word.confidence }));
  return tokens.flatMap((token, index) => {
    if (forms.has(index) || candidates.length === 0) return [];
    const core = letters(token);
    const nearest = candidates.reduce(
      (best, candidate) => {
        const distance = editDistance(core, candidate.core) / Math.max(core.length, candidate.core.length);
        return distance < best.distance ? { distance, confidence: candidate.confidence } : best;
      },
      { distance: Infinity, confidence: 0 },
    );
    return [nearest.confidence];
  });
}

/** Print does not mix cases inside a name: "TRADING iM)", "HERoN", "JalanBesi", "$12/4" are misreadings. */
export function printAnomaly(text: string): string | undefined {
  const all = text.replace(/[^\p{L}]/gu, "");
  const capitals = all.replace(/[^\p{Lu}]/gu, "").length;
  const words = text.split(/\s+/);
  if (capitals >= all.length * 0.8 && words.some((word) => /\p{Ll}/u.test(word)))
    return "a small letter among capitals";
  if (words.some((word) => /\p{Ll}\p{Lu}/u.test(word))) return "a capital inside a word";
  if (/[$£€¥§«»|~_<>{}[\]]/.test(text)) return "a symbol in it";
  return undefined;
}

/** A mark OCR could not read as a word opening the name's line ("— HERON TRADING …" for "BLUE HERON TRADING …"). */
export function unreadOpening(part: IssuerPart, page: Page): boolean {
  const first = part.wordsRead[0];
  if (!first) return false;
  const middle = first.box.y + first.box.height / 2;
  return page.words.some(
    (word) =>
      !/[\p{L}\p{N}]/u.test(word.text) &&
      word.box.x + word.box.width <= first.box.x &&
      Math.abs(word.box.y + word.box.height / 2 - middle) < first.box.height / 2,
  );
}

/**
 * The most doubt (OCR's doubts of its words, summed: how many misread words it expects) a name or
 * an address may carry to be reported as sure. Chosen on half a of the receipts' development set,
 * where every name up to 0.35 and every address up to 0.9 was right (the first wrong ones came at
 * 0.44 and 0.91); the least sure word alone separated them less well, but one word OCR was
 * barely sure of (under 0.65) is a doubt however sure the others were.
 */
const sureDoubt = { name: 0.35, address: 0.9, weakestWord: 0.65 };

/** A name or an address is right only if every word is: its least sure word decides. */
export function issuerConfidence(part: IssuerPart, page: Page): FieldConfidence {
  const confidences = valueWordConfidences(part.text, part.wordsRead);
  const weakest = confidences.length > 0 ? Math.min(...confidences) : 0;
  const read = `its least sure word read at ${percent(weakest)}`;
  // Read two ways on the page: one of them is wrong, however sure OCR was of each.
  if (part.disputed.length > 0)
    return {
      confidence: byWords(0.5, weakest),
      because: `${part.disputed.join(", ")} printed elsewhere one letter different`,
    };
  // Addresses often open with a speck; a name rarely does.
  if (part.cue !== "address" && part.cue !== "foot_address" && unreadOpening(part, page))
    return { confidence: byWords(0.6, weakest), because: `a mark not read as a word before it; ${read}` };
  const anomaly = printAnomaly(part.text);
  if (anomaly) return { confidence: byWords(0.6, weakest), because: `${anomaly}; ${read}` };
  // OCR's doubts summed over the words: how many of them it expects to have misread.
  const doubt = confidences.reduce((sum, confidence) => sum + (1 - confidence), 0);
  const sure = { legal_form: sureDoubt.name, over_identifier: sureDoubt.name, address: sureDoubt.address } as Partial<
    Record<IssuerPart["cue"], number>
  >;
  const most = sure[part.cue];
  if (most !== undefined && doubt <= most && weakest >= sureDoubt.weakestWord)
    return { confidence: 0.9, because: `OCR doubts its words ${doubt.toFixed(2)} in all; ${read}` };
  const ceiling = { legal_form: 0.85, over_identifier: 0.8, first_line: 0.6, address: 0.85, foot_address: 0.7 }[
    part.cue
  ];
  return { confidence: byWords(ceiling, weakest), because: read };
}

import { describe, expect, it } from "vitest";
import type { Page, Word } from "@/lib/documents/types";
import type { DocumentDate } from "./document-date";
import {
  dateConfidence,
  issuerConfidence,
  printAnomaly,
  sureConfidence,
  totalConfidence,
  valueWordConfidences,
} from "./field-confidence";
import type { IssuerPart } from "./issuer-header";
import type { DocumentTotal } from "./receipt-totals";
import { line, ocrPage } from "./testing/synthetic-ocr-page";

// The evidence behind each schema field's confidence, on generated readings: what lifts a value
// into the sure tier (0.9 or more), what keeps it out, and that the reason says which.

const box = { x: 0.1, y: 0.1, width: 0.2, height: 0.012 };

function date(overrides: Partial<DocumentDate>): DocumentDate {
  return {
    value: "2018-12-25",
    page: 1,
    box,
    words: ["25/12/2018"],
    reason: "",
    labelled: false,
    repeated: false,
    repaired: false,
    orderGuessed: false,
    orderUnknown: false,
    wordConfidence: 0.95,
    ...overrides,
  };
}

function total(overrides: Partial<DocumentTotal>): DocumentTotal {
  return {
    value: 31.5,
    page: 1,
    box,
    words: ["31.50"],
    kind: "total",
    label: "TOTAL",
    checks: [],
    wordConfidence: 0.95,
    repaired: false,
    reason: "",
    ...overrides,
  };
}

const pageOf = (...lines: Word[][]): Page => ocrPage([lines]);

function part(words: Word[], cue: IssuerPart["cue"], overrides: Partial<IssuerPart> = {}): IssuerPart {
  return {
    text: words.map((word) => word.text).join(" "),
    cue,
    weakestWord: Math.min(...words.map((word) => word.confidence)),
    disputed: [],
    wordsRead: words,
    page: 1,
    box,
    words: words.map((word) => word.text),
    ...overrides,
  };
}

describe("date confidence", () => {
  it("is sure of a date read surely, surer when labelled, and says so", () => {
    expect(dateConfidence(date({})).confidence).toBe(sureConfidence);
    const labelled = dateConfidence(date({ labelled: true }));
    expect(labelled.confidence).toBeGreaterThan(sureConfidence);
    expect(labelled.because).toMatch(/labelled/);
  });

  it("is not sure of digits read unsurely, repaired, or of an order nothing decides", () => {
    expect(dateConfidence(date({ wordConfidence: 0.5 })).confidence).toBeLessThan(sureConfidence);
    expect(dateConfidence(date({ repaired: true })).confidence).toBeLessThan(sureConfidence);
    const unknown = dateConfidence(date({ orderUnknown: true }));
    expect(unknown.confidence).toBeLessThan(sureConfidence);
    expect(unknown.because).toMatch(/order unknown/);
  });
});

describe("total confidence", () => {
  const plainPage = [pageOf(line(0.1, 0.5, "TOTAL 31.50"))];

  it("is surest when the payment confirms the total, and names the checks", () => {
    const paid = totalConfidence(
      total({ checks: [{ agrees: true, kind: "payment", says: "50.00 paid less 18.50 change is 31.50" }] }),
      plainPage,
    );
    expect(paid.confidence).toBeGreaterThan(sureConfidence);
    expect(paid.because).toMatch(/confirmed by the payment/);
  });

  it("is sure of an amount labelled as the sum to pay, not of a plain total nothing confirms", () => {
    expect(totalConfidence(total({ kind: "final", wordConfidence: 0.7 }), plainPage).confidence).toBe(sureConfidence);
    const plain = totalConfidence(total({}), plainPage);
    expect(plain.confidence).toBeLessThan(sureConfidence);
    expect(plain.because).toMatch(/nothing confirms it/);
  });

  it("is sure of a total with tax that a tax summary adds up to", () => {
    const summary = { agrees: true, kind: "summary" as const, says: "a summary row's 29.72 plus 1.78 is 31.50" };
    expect(totalConfidence(total({ kind: "total_with_tax", checks: [summary] }), plainPage).confidence).toBe(
      sureConfidence,
    );
  });

  it("is unsure of a total the payment contradicts", () => {
    const contradicted = totalConfidence(
      total({
        kind: "final",
        checks: [{ agrees: false, kind: "payment", says: "50.00 paid less 10.00 change is 40" }],
      }),
      plainPage,
    );
    expect(contradicted.confidence).toBeLessThanOrEqual(0.5);
    expect(contradicted.because).toMatch(/contradicts/);
  });

  it("is unsure of an amount before rounding when the receipt prints a rounding, unless the payment confirms it", () => {
    const summary = { agrees: true, kind: "summary" as const, says: "a summary row's 29.24 plus 1.78 is 31.02" };
    const unrounded = total({ value: 31.02, kind: "total_with_tax", checks: [summary] });
    const rounding = [pageOf(line(0.1, 0.5, "TOTAL 31.02"), line(0.1, 0.52, "Rounding Adj -0.02"))];
    const result = totalConfidence(unrounded, rounding);
    expect(result.confidence).toBeLessThan(sureConfidence);
    expect(result.because).toMatch(/rounding/);
    // Without the rounding line the same evidence is sure.
    expect(totalConfidence(unrounded, [pageOf(line(0.1, 0.5, "TOTAL 31.02"))]).confidence).toBe(sureConfidence);
    const paid = { agrees: true, kind: "payment" as const, says: "40.00 paid less 8.98 change is 31.02" };
    expect(totalConfidence({ ...unrounded, checks: [paid, summary] }, rounding).confidence).toBeGreaterThan(
      sureConfidence,
    );
  });
});

describe("name and address confidence", () => {
  it("weighs the words of the value only, legal forms and dropped registration numbers aside", () => {
    const words = line(0.2, 0.1, "GOLDEN LEAF SDN BHD (12345-X)", 0.95);
    words[2].confidence = 0.3; // "SDN": a legal form, given its proper spelling whatever OCR read
    words[4].confidence = 0.2; // the registration number, not part of the name
    expect(valueWordConfidences("GOLDEN LEAF SDN BHD", words)).toEqual([0.95, 0.95]);
    const page = pageOf(words);
    expect(issuerConfidence(part(words, "legal_form", { text: "GOLDEN LEAF SDN BHD" }), page).confidence).toBe(
      sureConfidence,
    );
  });

  it("gives a word whose spelling was restored the doubt of its reading", () => {
    const words = line(0.2, 0.1, "LOT 7, Jatan BESI", 0.95);
    words[2].confidence = 0.4;
    expect(valueWordConfidences("LOT 7, JALAN BESI", words)).toEqual([0.95, 0.95, 0.4, 0.95]);
  });

  it("is sure when OCR expects few of the words misread, less so as doubts add up over a long address", () => {
    const short = line(0.2, 0.1, "LOT 7, JALAN BESI, 43000 KAJANG", 0.92);
    expect(issuerConfidence(part(short, "address"), pageOf(short)).confidence).toBe(sureConfidence);
    const long = line(0.2, 0.1, "LOT 7, JALAN BESI 3, TAMAN INDAH JAYA, BANDAR BARU, 43000 KAJANG, SELANGOR", 0.92);
    const unsure = issuerConfidence(part(long, "address"), pageOf(long));
    expect(unsure.confidence).toBeLessThan(sureConfidence);
    expect(unsure.because).toMatch(/least sure word read at 92%/);
  });

  it("is not sure of a name found only by its place at the top", () => {
    const words = line(0.2, 0.1, "GOLDEN LEAF KITCHEN", 0.97);
    expect(issuerConfidence(part(words, "first_line"), pageOf(words)).confidence).toBeLessThan(sureConfidence);
  });

  it("is unsure of a name read two ways on the page, or opened by a mark OCR could not read", () => {
    const words = line(0.2, 0.1, "PAPER LANTERN STATIONERY", 0.96);
    const disputed = issuerConfidence(part(words, "over_identifier", { disputed: ["LANTERN"] }), pageOf(words));
    expect(disputed.confidence).toBeLessThanOrEqual(0.5);
    expect(disputed.because).toMatch(/LANTERN printed elsewhere/);
    const marked = line(0.1, 0.1, "— HERON TRADING SDN BHD", 0.96);
    const name = marked.slice(1);
    const result = issuerConfidence(part(name, "legal_form"), pageOf(marked));
    expect(result.confidence).toBeLessThan(sureConfidence);
    expect(result.because).toMatch(/mark not read/);
    expect(issuerConfidence(part(name, "legal_form"), pageOf(name)).confidence).toBe(sureConfidence);
  });

  it("is unsure of text that does not read like print", () => {
    expect(printAnomaly("BLUE HERON TRADING iM) SDN BHD")).toBe("a small letter among capitals");
    expect(printAnomaly("Lot 7, JalanBesi 12/4")).toBe("a capital inside a word");
    expect(printAnomaly("JLN BESI $12/4")).toBe("a symbol in it");
    expect(printAnomaly("No 3, Jalan Besi 5, 52100 Kuala Lumpur.")).toBeUndefined();
    expect(printAnomaly("J.K.L. TRADING (M) SDN BHD")).toBeUndefined();
    const words = line(0.2, 0.1, "BLUE HERON TRADING iM) SDN BHD", 0.96);
    expect(issuerConfidence(part(words, "legal_form"), pageOf(words)).confidence).toBeLessThan(sureConfidence);
  });
});

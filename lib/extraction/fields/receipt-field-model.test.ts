import { describe, expect, it } from "vitest";
import shipped from "./models/receipt-fields/model.json" with { type: "json" };
import { extractStructure } from "../extract-structure";
import {
  addressFeatureNames,
  companyFeatureNames,
  dateFeatureNames,
  totalFeatureNames,
} from "./receipt-field-features";
import { calibrated, receiptFieldConfidence, type ReceiptFieldKind, type ShippedModels } from "./receipt-field-model";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// The shipped receipt field model: it loads, its columns are the features computed today, it picks
// a generated receipt's name, address, date and total, and its confidence never falls as the
// model's score rises.

const models = shipped as unknown as ShippedModels;
const kinds: ReceiptFieldKind[] = ["company", "address", "date", "total"];
const schema = [
  { name: "company", type: "string" as const },
  { name: "date", type: "date" as const },
  { name: "address", type: "string" as const },
  { name: "total", type: "number" as const },
];

/** A shop's receipt as OCR reads it: a centred head, items with prices at the right, the sums and the payment. */
function receipt() {
  const wordConfidence = 0.95;
  const centred = (y: number, text: string) => line(0.5 - text.length * 0.004, y, text, wordConfidence);
  const row = (y: number, label: string, amount: string) => [
    ...line(0.1, y, label, wordConfidence),
    ...line(0.8 - amount.length * 0.008, y, amount, wordConfidence),
  ];
  return ocrPage([
    [
      centred(0.04, "GOLDEN LEAF TRADING SDN BHD"),
      centred(0.055, "(123456-X)"),
      centred(0.07, "NO 12, JALAN MAJU 3,"),
      centred(0.085, "TAMAN SENTOSA, 81100 JOHOR BAHRU"),
      centred(0.1, "TEL: 07-555 0101"),
      centred(0.13, "TAX INVOICE"),
      line(0.1, 0.15, "Date: 12/03/2018 10:21", wordConfidence),
      line(0.1, 0.165, "Cashier: AMIN", wordConfidence),
      row(0.2, "RICE 5KG", "24.00"),
      row(0.215, "COOKING OIL 2L", "16.00"),
      row(0.25, "SUB TOTAL", "40.00"),
      row(0.265, "GST 6%", "2.40"),
      row(0.28, "TOTAL", "42.40"),
      row(0.3, "CASH", "50.00"),
      row(0.315, "CHANGE", "7.60"),
      centred(0.35, "THANK YOU, PLEASE COME AGAIN"),
    ],
  ]);
}

describe("the receipt field model", () => {
  it("loads with one column per feature computed", () => {
    const names = {
      company: companyFeatureNames,
      address: addressFeatureNames,
      date: dateFeatureNames,
      total: totalFeatureNames,
    };
    for (const kind of kinds) {
      expect(models.fields[kind].features).toEqual([...names[kind]]);
      expect(models.fields[kind].mean).toHaveLength(names[kind].length);
    }
  });

  it("picks a generated receipt's name, address, date and total", () => {
    const { fields, fieldDetails } = extractStructure({ pages: [receipt()], schema });
    expect(fields).toEqual({
      company: "GOLDEN LEAF TRADING SDN BHD",
      date: "2018-03-12",
      address: "NO 12, JALAN MAJU 3, TAMAN SENTOSA, 81100 JOHOR BAHRU",
      total: "42.4",
    });
    for (const detail of fieldDetails ?? []) {
      expect(detail.confidence).toBeGreaterThan(0);
      expect(detail.confidence).toBeLessThanOrEqual(1);
      expect(detail.reason).toMatch(/model score/);
    }
  });

  it("calibrates monotonically: a higher score is never less sure", () => {
    for (const kind of kinds) {
      const { scores, rates } = models.fields[kind].calibration;
      expect(rates.every((rate, index) => index === 0 || rate >= rates[index - 1])).toBe(true);
      expect(scores.every((score, index) => index === 0 || score >= scores[index - 1])).toBe(true);
      const grid = Array.from({ length: 101 }, (_, index) => index / 100);
      const confidences = grid.map((score) => receiptFieldConfidence(kind, score));
      expect(confidences.every((value, index) => index === 0 || value >= confidences[index - 1])).toBe(true);
      expect(confidences.every((value) => value >= 0 && value <= 1)).toBe(true);
    }
    expect(calibrated({ scores: [0.2, 0.6], rates: [0.4, 0.95] }, 0.1)).toBe(0);
    expect(calibrated({ scores: [0.2, 0.6], rates: [0.4, 0.95] }, 0.5)).toBe(0.4);
    expect(calibrated({ scores: [0.2, 0.6], rates: [0.4, 0.95] }, 0.7)).toBe(0.95);
  });
});

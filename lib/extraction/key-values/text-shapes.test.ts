import { describe, expect, it } from "vitest";
import type { Word } from "@/lib/pages/types";
import { capitalsShare, digitShare, flag, meanConfidence } from "./text-shapes";

const word = (text: string, confidence: number): Word => ({
  text,
  confidence,
  box: { x: 0, y: 0, width: 0.1, height: 0.02 },
});

describe("text shapes", () => {
  it("measures capitals over letters only and digits over non-space characters", () => {
    expect(capitalsShare("Date: 12/5")).toBeCloseTo(1 / 4);
    expect(capitalsShare("12/5")).toBe(0);
    expect(digitShare("No. 12 34")).toBeCloseTo(4 / 7);
    expect(digitShare("   ")).toBe(0);
  });

  it("averages OCR confidence and reads an empty phrase as unsure", () => {
    expect(meanConfidence([word("A", 0.5), word("B", 1)])).toBeCloseTo(0.75);
    expect(meanConfidence([])).toBe(0);
    expect(flag(true) + flag(false)).toBe(1);
  });
});

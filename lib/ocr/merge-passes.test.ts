import { describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/documents/layout";
import type { Word } from "@/lib/documents/types";
import { mergeOcrPasses } from "./merge-passes";

/** A line of words laid out left to right at row `row` (0.1 of the page high each). */
function line(row: number, texts: string[], confidence: number, startX = 0.1): Word[] {
  return texts.map((text, index) => ({ text, confidence, box: { x: startX + index * 0.15, y: 0.1 + row * 0.1, width: 0.12, height: 0.05 } }));
}

describe("mergeOcrPasses", () => {
  it("takes the more confident reading of a line and keeps it in its place in the reading order", () => {
    const first = assembleLayout([[line(0, ["Invoice", "4821"], 0.95), line(1, ["Tota1", "96.4O"], 0.55), line(2, ["Paid", "today"], 0.93)]]);
    const second = assembleLayout([[line(1, ["Total", "96.40"], 0.9)]]);
    expect(mergeOcrPasses([first, second]).text).toBe("Invoice 4821\nTotal 96.40\nPaid today");
  });

  it("keeps a whole line rather than a more confident fragment of it", () => {
    const first = assembleLayout([[line(0, ["Ship", "to", "Harbour", "Road"], 0.8)]]);
    const second = assembleLayout([[line(0, ["Ship"], 0.97)]]);
    expect(mergeOcrPasses([first, second]).text).toBe("Ship to Harbour Road");
  });

  it("adds lines only one pass found", () => {
    const first = assembleLayout([[line(0, ["Invoice"], 0.9)]]);
    const second = assembleLayout([[line(0, ["Invoice"], 0.8)], [line(3, ["Thank", "you"], 0.85)]]);
    expect(mergeOcrPasses([first, second]).text).toBe("Invoice\n\nThank you");
  });
});

import { describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { mergeOcrPasses } from "./merge-passes";

/** A line of words laid out left to right at row `row` (0.1 of the page high each). */
function line(row: number, texts: string[], confidence: number, startX = 0.1): Word[] {
  return texts.map((text, index) => ({
    text,
    confidence,
    box: { x: startX + index * 0.15, y: 0.1 + row * 0.1, width: 0.12, height: 0.05 },
  }));
}

/** One word spanning the boxes of `count` words of `line` from `first`, as a pass that joined them reads it. */
function joined(words: Word[], first: number, count: number, text: string, confidence: number): Word {
  const last = words[first + count - 1].box;
  const { x, y, height } = words[first].box;
  return { text, confidence, box: { x, y, height, width: last.x + last.width - x } };
}

describe("mergeOcrPasses", () => {
  it("returns a single pass as it is", () => {
    const only = assembleLayout([[line(0, ["Invoice", "4821"], 0.9)]]);
    expect(mergeOcrPasses([only])).toBe(only);
  });

  it("keeps the first pass where the others neither agree against it nor read it far more confidently", () => {
    const first = assembleLayout([[line(0, ["Total", "96.40"], 0.8)]]);
    const second = assembleLayout([[line(0, ["Tota1", "96.40"], 0.85)]]);
    const third = assembleLayout([[line(0, ["Total", "96.4O"], 0.85)]]);
    expect(mergeOcrPasses([first, second, third])).toBe(first);
  });

  it("takes a line two other passes read alike, in its place in the reading order", () => {
    // Speckle read as punctuation joins two words in the first pass; the other passes read the clean line.
    const speckled = line(1, ["street", "address", "office"], 0.85);
    const first = assembleLayout([
      [
        line(0, ["Invoice", "4821"], 0.95),
        [joined(speckled, 0, 2, "street.address", 0.7), speckled[2]],
        line(2, ["Paid"], 0.9),
      ],
    ]);
    const other = () => assembleLayout([[line(1, ["street", "address", "office"], 0.95)]]);
    expect(mergeOcrPasses([first, other(), other()]).text).toBe("Invoice 4821\nstreet address office\nPaid");
  });

  it("does not take two passes' agreed reading that is less confident than the first pass's", () => {
    const first = assembleLayout([[line(0, ["Ship", "to"], 0.9)]]);
    const other = () => assembleLayout([[line(0, ["Sh1p", "to"], 0.6)]]);
    expect(mergeOcrPasses([first, other(), other()]).text).toBe("Ship to");
  });

  it("never reads two rows of another pass into one line", () => {
    // A speck stretches the first pass's line over the next row, where the others read another line.
    const speck: Word = { text: "~", confidence: 0.2, box: { x: 0.7, y: 0.1, width: 0.02, height: 0.15 } };
    const first = assembleLayout([[[...line(0, ["alpha", "beta"], 0.6), speck]]]);
    const other = () => assembleLayout([[line(0, ["alpha", "beta"], 0.95), line(1, ["gamma", "delta"], 0.95, 0.13)]]);
    expect(mergeOcrPasses([first, other(), other()]).text).toBe("alpha beta ~");
  });

  it("takes a line one other pass reads far more confidently over the same extent", () => {
    const first = assembleLayout([[line(0, ["Goods", "5o1d", "Are"], 0.55)]]);
    const second = assembleLayout([[line(0, ["Goods", "Sold", "Are"], 0.9)]]);
    const third = assembleLayout([[line(0, ["Gaads"], 0.3)]]);
    expect(mergeOcrPasses([first, second, third]).text).toBe("Goods Sold Are");
  });

  it("keeps a whole line rather than a more confident fragment of it", () => {
    const first = assembleLayout([[line(0, ["Ship", "to", "Harbour", "Road"], 0.6)]]);
    const fragment = () => assembleLayout([[line(0, ["Ship"], 0.97)]]);
    expect(mergeOcrPasses([first, fragment(), assembleLayout([])]).text).toBe("Ship to Harbour Road");
  });

  it("replaces a word two other passes read alike at the same place, at least as confidently", () => {
    const [misread, ...rest] = line(0, ["Tota1", "96.40", "EUR"], 0.95);
    const first = assembleLayout([[[{ ...misread, confidence: 0.7 }, ...rest]]]);
    const other = (third: string, confidence = 0.85) =>
      assembleLayout([[line(0, ["Total", "96.40", third], confidence)]]);
    expect(mergeOcrPasses([first, other("EUR"), other("FUR")]).text).toBe("Total 96.40 EUR");
    expect(mergeOcrPasses([first, other("EUR", 0.6), other("FUR", 0.6)]).text).toBe("Tota1 96.40 EUR");
  });

  it("adds words and lines only when two other passes found them alike", () => {
    const [total, amount, currency] = line(0, ["Total", "96.40", "EUR"], 0.9);
    const first = assembleLayout([[[total, currency]]]);
    const found = () => assembleLayout([[[total, amount, currency]], [line(3, ["Thank", "you"], 0.85)]]);
    expect(mergeOcrPasses([first, found(), assembleLayout([])]).text).toBe("Total EUR");
    expect(mergeOcrPasses([first, found(), found()]).text).toBe("Total 96.40 EUR\n\nThank you");
  });

  it("starts from another pass when it read the whole page far more confidently", () => {
    // A faint receipt: the first pass reads noise with low confidence, the cleaned-up copy reads the text.
    const noise = assembleLayout([[line(0, ["i", "oe", "a", "om"], 0.3), line(1, ["Ri", "ee", "gon", "oe"], 0.35)]]);
    const cleaned = assembleLayout([
      [line(0, ["PLEASE", "VISIT", "US", "AGAIN"], 0.9), line(1, ["CHECKERS", "HYPERMARKET", "SDN", "BHD"], 0.85)],
    ]);
    const enlarged = assembleLayout([[line(0, ["PLEASF"], 0.4)]]);
    expect(mergeOcrPasses([noise, cleaned, enlarged]).text).toBe("PLEASE VISIT US AGAIN\nCHECKERS HYPERMARKET SDN BHD");
  });
});

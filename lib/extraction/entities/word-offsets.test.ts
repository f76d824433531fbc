import { describe, expect, it } from "vitest";
import type { Page } from "@/lib/pages/types";
import { line, ocrPage } from "../testing/synthetic-ocr-page";
import { boxForRange, wordOffsets, wordsInRange } from "./word-offsets";

const page = ocrPage([
  [line(0.1, 0.1, "Invoice 4821 dated 14 March 2025"), line(0.1, 0.13, "Total >1,234.50 EUR")],
  [line(0.1, 0.3, "Paid by transfer")],
]);

/** Every word overlapping [start, end), by looking at each one. */
function overlapping(target: Page, start: number, end: number): number[] {
  return wordOffsets(target).flatMap(([wordStart, wordEnd], index) =>
    wordStart < end && wordEnd > start ? [index] : [],
  );
}

describe("wordsInRange", () => {
  it("finds the words of every character range of the text", () => {
    expect(page.text.slice(...wordOffsets(page)[5])).toBe("2025");
    for (let start = 0; start <= page.text.length; start++)
      for (let end = start; end <= page.text.length + 1; end++)
        expect(wordsInRange(page, start, end)).toEqual(overlapping(page, start, end));
    expect(page.text.slice(8, 27)).toBe("4821 dated 14 March");
    expect(boxForRange(page, 8, 27)?.x).toBeCloseTo(page.words[1].box.x);
  });

  it("finds them on a page whose lines list the words out of order", () => {
    // OCR listed the second column's words first: the offsets do not rise with the word index.
    const shuffled: Page = {
      ...page,
      lines: [page.lines[1], page.lines[0], ...page.lines.slice(2)],
      blocks: [{ ...page.blocks[0] }, ...page.blocks.slice(1)],
    };
    expect(wordOffsets(shuffled)[0][0]).toBeGreaterThan(wordOffsets(shuffled)[7][0]);
    for (let start = 0; start <= shuffled.text.length; start += 3)
      expect(wordsInRange(shuffled, start, start + 6)).toEqual(overlapping(shuffled, start, start + 6));
  });
});

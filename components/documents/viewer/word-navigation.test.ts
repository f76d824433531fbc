import { describe, expect, it } from "vitest";
import { stepWord } from "./word-navigation";

const word = (x: number, y: number) => ({ text: "w", confidence: 1, box: { x, y, width: 0.1, height: 0.02 } });
// Two lines: three words on the first, two on the second (under the first line's first and last).
const boxes = {
  words: [word(0.1, 0.1), word(0.3, 0.1), word(0.5, 0.1), word(0.1, 0.2), word(0.5, 0.2)],
  lines: [
    { text: "", confidence: 1, box: { x: 0.1, y: 0.1, width: 0.5, height: 0.02 }, firstWord: 0, wordCount: 3 },
    { text: "", confidence: 1, box: { x: 0.1, y: 0.2, width: 0.5, height: 0.02 }, firstWord: 3, wordCount: 2 },
  ],
};

describe("stepWord", () => {
  it("starts at the first word and steps through the reading order, stopping at the ends", () => {
    expect(stepWord(boxes, undefined, "next")).toBe(0);
    expect(stepWord(boxes, 2, "next")).toBe(3);
    expect(stepWord(boxes, 4, "next")).toBe(4);
    expect(stepWord(boxes, 0, "previous")).toBe(0);
  });

  it("goes up and down to the nearest word of the neighbouring line", () => {
    expect(stepWord(boxes, 2, "down")).toBe(4);
    expect(stepWord(boxes, 3, "up")).toBe(0);
    expect(stepWord(boxes, 1, "up")).toBe(1);
    expect(stepWord({ words: [], lines: [] }, undefined, "down")).toBeUndefined();
  });
});

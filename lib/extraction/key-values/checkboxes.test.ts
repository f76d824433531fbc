import { describe, expect, it } from "vitest";
import { findKeyValuePairs } from "./key-values";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// Ticked boxes on scanned forms: the mark answers the option beside it, and a question whose
// options are ticked is answered by the ticks rather than by the first option printed after it.

const pairsOf = (...lines: Array<Parameters<typeof line>>) =>
  findKeyValuePairs([ocrPage(lines.map((args) => [line(...args)]))]).map((pair) => [pair.key, pair.value, pair.method]);

describe("checkbox answers", () => {
  it("answers the option before the mark, not the question with its first option", () => {
    expect(pairsOf([0.1, 0.1, "QUARTER: Jan. >Apr. X >Jul. >Oct."])).toEqual([["Apr.", "X", "checkbox"]]);
  });

  it("reads a mark glued to its option and a check glyph", () => {
    expect(pairsOf([0.1, 0.1, "RENEWAL: YES >X_NO"], [0.1, 0.2, "NEW ☑ >RENEWAL"])).toEqual([
      ["NO", "X", "checkbox"],
      ["NEW", "☑", "checkbox"],
    ]);
  });

  it("answers the labelled option after a mark that opens the line, which keeps its own value", () => {
    expect(pairsOf([0.1, 0.1, "X Other: Certified copy"])).toEqual([
      ["Other", "X", "checkbox"],
      ["Other", "Certified copy", "colon"],
    ]);
  });

  it("does not take a product or a size for a mark", () => {
    const pairs = pairsOf([0.1, 0.1, "2 x 3.50"], [0.1, 0.2, "Sheet 8-1/2 X 11 inches"]);
    expect(pairs.filter(([, , method]) => method === "checkbox")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { Page, Word } from "@/lib/pages/types";
import { findKeyValuePairs } from "./key-values";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// A generated form whose handwritten entries OCR read unsurely: the printed labels at a scan's usual
// confidence, the entries at the confidence a scrawl gets.

const pairsOf = (page: Page) => findKeyValuePairs([page]).map((pair) => [pair.key, pair.value]);

/** "Label: entry" with the label printed and the entry read at `confidence`. */
function field(y: number, label: string, entry: string, confidence: number): Word[] {
  const printed = line(0.1, y, label);
  const end = printed.at(-1)!.box;
  return [...printed, ...line(end.x + end.width + 0.01, y, entry, confidence)];
}

describe("handwriting OCR could not read", () => {
  it("pairs no signature read as letters, and keeps a name typed after the same label", () => {
    const page = ocrPage([
      [field(0.1, "Approved By:", "Gey ~s", 0.45)],
      [field(0.15, "Signature of Initiator:", "Decal le af", 0.5)],
      [field(0.2, "Requested By:", "Dana Whitfield", 0.9)],
    ]);
    expect(pairsOf(page)).toEqual([["Requested By", "Dana Whitfield"]]);
  });

  it("pairs no scrawl read very unsurely, but keeps numbers and capitals read as unsurely", () => {
    const page = ocrPage([
      [field(0.1, "Zip Code:", "aaaag", 0.25)],
      [field(0.15, "Amount:", "125.40", 0.25)],
      [field(0.2, "Brand:", "LUCKY STRIKE", 0.25)],
      [field(0.25, "Product length:", "king", 0.6)],
    ]);
    expect(pairsOf(page)).toEqual([
      ["Amount", "125.40"],
      ["Brand", "LUCKY STRIKE"],
      ["Product length", "king"],
    ]);
  });
});

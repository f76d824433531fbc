import { describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/documents/layout";
import type { Page, Word } from "@/lib/documents/types";
import { findKeyValuePairs } from "./key-values";

// Layouts of scanned forms as OCR reports them (the classes of failure the FUNSD bench showed):
// label and value columns read as separate lines, labels wrapped over two lines, values running
// into the next column, values continued on the lines below.

const charWidth = 0.008;
const lineHeight = 0.012;

/** A line of words starting at (x, y), one space between words unless a word starts with ">" (a wide gap). */
function line(x: number, y: number, text: string, confidence = 0.95): Word[] {
  const words: Word[] = [];
  let left = x;
  for (const token of text.split(" ")) {
    const gap = token.startsWith(">") ? 0.12 : 0;
    const word = token.replace(/^>/, "");
    words.push({ text: word, confidence, box: { x: left + gap, y, width: word.length * charWidth, height: lineHeight } });
    left += gap + word.length * charWidth + charWidth;
  }
  return words;
}

function ocrPage(blocks: Word[][][]): Page {
  return { pageNumber: 1, width: 2480, height: 3508, unit: "px", source: "ocr", ...assembleLayout(blocks) };
}

const pairsOf = (page: Page) => findKeyValuePairs([page]).map((pair) => [pair.key, pair.value]);

describe("findKeyValuePairs on OCR layouts", () => {
  it("pairs a label column with the value column read as separate lines, including wrapped labels and multi-line values", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "CASE NAME:"), line(0.1, 0.13, "COURT:"), line(0.1, 0.16, "LORILLARD"), line(0.1, 0.175, "ENTITIES:"), line(0.1, 0.21, "COUNSEL:"), line(0.1, 0.3, "JUDGE:")],
      [
        line(0.3, 0.1, "Robinson v. Raybestos, et al."),
        line(0.3, 0.13, "San Francisco Superior Court"),
        line(0.3, 0.175, "Lorillard Tobacco Company"),
        line(0.3, 0.21, "Wartnick, Chaber & Smith"),
        line(0.3, 0.225, "101 California Street"),
        line(0.3, 0.24, "San Francisco 94111"),
      ],
    ]);
    expect(pairsOf(page)).toEqual([
      ["CASE NAME", "Robinson v. Raybestos, et al."],
      ["COURT", "San Francisco Superior Court"],
      ["LORILLARD ENTITIES", "Lorillard Tobacco Company"],
      ["COUNSEL", "Wartnick, Chaber & Smith 101 California Street San Francisco 94111"],
    ]);
    const court = findKeyValuePairs([page])[1];
    expect(court.valueBox!.x).toBeCloseTo(0.3, 6);
    expect(court.valueBox!.y).toBeCloseTo(0.13, 6);
  });

  it("stops a value at a column gap and at the next label on the same line, and drops box edges", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "FROM: T. D. Blachly >MAY 12 | APR |")],
      [line(0.1, 0.13, "FAX NUMBER: (336) 335-7392 >PHONE NUMBER: (336) 335-7363")],
      [line(0.1, 0.16, "Fax No.: | |")],
    ]);
    expect(pairsOf(page)).toEqual([
      ["FROM", "T. D. Blachly"],
      ["FAX NUMBER", "(336) 335-7392"],
      ["PHONE NUMBER", "(336) 335-7363"],
    ]);
  });

  it("does not take low-confidence noise or two-column table rows as gap pairs", () => {
    const page = ocrPage([
      [line(0.1, 0.1, "ERR >tid Foo", 0.3)],
      // A table: names in one column, counts in another.
      [0.2, 0.215, 0.23].map((y, row) => [...line(0.1, y, ["Super America", "Rich Oil", "Dairy Marts"][row]), ...line(0.4, y, ["106", "82", "35"][row])]),
      [[...line(0.1, 0.3, "Account holder"), ...line(0.6, 0.3, "Jane Roe")]],
    ]);
    expect(pairsOf(page)).toEqual([["Account holder", "Jane Roe"]]);
  });
});

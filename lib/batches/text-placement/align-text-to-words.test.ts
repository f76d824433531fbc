import { describe, expect, it } from "vitest";
import type { StoredBoundingBoxes } from "../processing/page-data";
import { alignTextToWords } from "./align-text-to-words";

// A page of two lines laid out like a scan's reading: each word 0.01 of the page wide per letter,
// a letter's width apart.
function page(lines: string[]): StoredBoundingBoxes {
  const boxes: StoredBoundingBoxes = { width: 1000, height: 1000, unit: "px", words: [], lines: [], blocks: [] };
  lines.forEach((line, lineIndex) => {
    const firstWord = boxes.words.length;
    let x = 0.1;
    const y = 0.1 + lineIndex * 0.05;
    for (const text of line.split(" ")) {
      boxes.words.push({ text, confidence: 0.9, box: { x, y, width: text.length * 0.01, height: 0.02 } });
      x += (text.length + 1) * 0.01;
    }
    boxes.lines.push({
      text: line,
      confidence: 0.9,
      box: { x: 0.1, y, width: x - 0.11, height: 0.02 },
      firstWord,
      wordCount: boxes.words.length - firstWord,
    });
  });
  boxes.blocks.push({
    text: lines.join("\n"),
    confidence: 0.9,
    box: { x: 0.1, y: 0.1, width: 0.5, height: 0.1 },
    firstLine: 0,
    lineCount: lines.length,
  });
  return boxes;
}

const invoice = page(["Invoice from ACME SUPPLY Ltd", "Hex bolts M8 x 20 pieces"]);
const wordNamed = (boxes: StoredBoundingBoxes, text: string) => boxes.words.find((word) => word.text === text)!;

describe("placing a page's new text on its words", () => {
  it("keeps unchanged words, corrects a word in its box, and inserts a new word on its line", () => {
    const { boundingBoxes, changes } = alignTextToWords(
      invoice,
      "Invoice from ACME SUPPLIES Ltd\nHex bolts M10 stainless x 20 pieces",
    );
    expect(changes).toEqual({ kept: 9, changed: 2, inserted: 1, removed: 0, text_replaced: false });
    expect(wordNamed(boundingBoxes, "SUPPLIES")).toMatchObject({
      original_text: "SUPPLY",
      box: wordNamed(invoice, "SUPPLY").box,
    });
    expect(wordNamed(boundingBoxes, "M10")).toMatchObject({ original_text: "M8", box: wordNamed(invoice, "M8").box });
    expect(wordNamed(boundingBoxes, "M10")).not.toHaveProperty("estimated");
    const stainless = wordNamed(boundingBoxes, "stainless");
    expect(stainless).toMatchObject({ estimated: true });
    expect(stainless).not.toHaveProperty("original_text");
    // On the line, between M8's box and x's box.
    expect(stainless.box.y).toBe(wordNamed(invoice, "M8").box.y);
    expect(stainless.box.x).toBeGreaterThanOrEqual(wordNamed(invoice, "M8").box.x + wordNamed(invoice, "M8").box.width);
    expect(stainless.box.x + stainless.box.width).toBeLessThanOrEqual(wordNamed(invoice, "x").box.x);
    expect(boundingBoxes.lines.map((line) => line.text)).toEqual([
      "Invoice from ACME SUPPLIES Ltd",
      "Hex bolts M10 stainless x 20 pieces",
    ]);
    expect(boundingBoxes.lines[1]).toMatchObject({ firstWord: 5, wordCount: 7 });
    expect(boundingBoxes.blocks[0]).toMatchObject({ firstLine: 0, lineCount: 2 });
    expect(wordNamed(boundingBoxes, "Invoice")).toEqual(wordNamed(invoice, "Invoice"));
  });

  it("removes deleted words with their boxes, and drops a line left empty", () => {
    const { boundingBoxes, changes } = alignTextToWords(invoice, "Invoice from ACME SUPPLY Ltd");
    expect(changes).toEqual({ kept: 5, changed: 0, inserted: 0, removed: 6, text_replaced: false });
    expect(boundingBoxes.words.map((word) => word.text)).toEqual(["Invoice", "from", "ACME", "SUPPLY", "Ltd"]);
    expect(boundingBoxes.lines).toHaveLength(1);
    expect(boundingBoxes.blocks[0]).toMatchObject({ firstLine: 0, lineCount: 1, text: "Invoice from ACME SUPPLY Ltd" });
  });

  it("divides a split word's box between its parts by their length", () => {
    const merged = page(["Total ACMESUPPLY due"]);
    const { boundingBoxes, changes } = alignTextToWords(merged, "Total ACME SUPPLY due");
    expect(changes).toEqual({ kept: 2, changed: 1, inserted: 1, removed: 0, text_replaced: false });
    const old = wordNamed(merged, "ACMESUPPLY").box;
    const [acme, supply] = [wordNamed(boundingBoxes, "ACME"), wordNamed(boundingBoxes, "SUPPLY")];
    expect(acme).toMatchObject({ original_text: "ACMESUPPLY", estimated: true });
    expect(supply).toMatchObject({ original_text: "ACMESUPPLY", estimated: true });
    expect(acme.box.x).toBeCloseTo(old.x);
    expect(supply.box.x + supply.box.width).toBeCloseTo(old.x + old.width);
    expect(supply.box.width / acme.box.width).toBeCloseTo(6 / 4);
  });

  it("marks a whole-page replacement: the text spread over the page's lines, every box an estimate", () => {
    const { boundingBoxes, changes } = alignTextToWords(invoice, "EDITED BY EVAL");
    expect(changes).toEqual({ kept: 0, changed: 3, inserted: 0, removed: 8, text_replaced: true });
    expect(boundingBoxes.text_replaced).toBe(true);
    expect(boundingBoxes.words.map((word) => word.text)).toEqual(["EDITED", "BY", "EVAL"]);
    expect(boundingBoxes.words.every((word) => word.estimated && word.original_text)).toBe(true);
    for (const word of boundingBoxes.words) {
      expect(word.box.x).toBeGreaterThanOrEqual(0.1);
      expect(word.box.x + word.box.width).toBeLessThanOrEqual(0.6);
    }
    expect(boundingBoxes.lines.reduce((sum, line) => sum + line.wordCount, 0)).toBe(3);
  });

  it("places a text on a page without lines by the words' heights", () => {
    const bare = { ...invoice, lines: [], blocks: [] };
    const { boundingBoxes } = alignTextToWords(bare, "Invoice from ACME SUPPLY Ltd Hex bolts M8 x 20 pieces total");
    const total = wordNamed(boundingBoxes, "total");
    expect(total.box.y).toBe(wordNamed(invoice, "pieces").box.y);
    expect(boundingBoxes.lines).toEqual([]);
  });
});

describe("a split next to a deleted word", () => {
  it("divides the split word's box and drops the deleted one", () => {
    const merged = page(["Invoice from ACMESUPPLY Ltd"]);
    const { boundingBoxes, changes } = alignTextToWords(merged, "Invoice from ACME SUPPLY");
    expect(changes).toEqual({ kept: 2, changed: 1, inserted: 1, removed: 1, text_replaced: false });
    const old = wordNamed(merged, "ACMESUPPLY").box;
    expect(wordNamed(boundingBoxes, "SUPPLY").box.x + wordNamed(boundingBoxes, "SUPPLY").box.width).toBeCloseTo(
      old.x + old.width,
    );
  });
});

describe("telling a replacement from corrections", () => {
  it("takes unrelated text as a replacement even when one of its words looks a little like one of the page's", () => {
    const digital = page(["Invoice Number: INV-2041", "Total: 120.50 EUR"]);
    expect(alignTextToWords(digital, "EDITED BY EVAL").changes.text_replaced).toBe(true);
  });

  it("takes every word corrected closely as corrections, on the measured boxes", () => {
    const misread = page(["Tota1 l2.00 FUR"]);
    const { boundingBoxes, changes } = alignTextToWords(misread, "Total 12.00 EUR");
    expect(changes).toEqual({ kept: 0, changed: 3, inserted: 0, removed: 0, text_replaced: false });
    expect(boundingBoxes.words.map((word) => word.box)).toEqual(misread.words.map((word) => word.box));
    expect(boundingBoxes.words.some((word) => word.estimated)).toBe(false);
  });
});

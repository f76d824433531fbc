import { describe, expect, it } from "vitest";
import { layoutFromTsv } from "./tesseract-tsv-layout";

// Rows as tesseract writes them: level, page, block, paragraph, line, word, left, top, width, height, conf, text.
const tsv = [
  "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext",
  "1\t1\t0\t0\t0\t0\t0\t0\t1000\t500\t-1\t",
  "2\t1\t1\t0\t0\t0\t100\t50\t400\t100\t-1\t",
  "4\t1\t1\t1\t1\t0\t100\t50\t400\t40\t-1\t",
  "5\t1\t1\t1\t1\t1\t100\t50\t150\t40\t96.5\tInvoice",
  "5\t1\t1\t1\t1\t2\t300\t50\t200\t40\t91\tINV-42",
  "5\t1\t1\t1\t2\t1\t100\t110\t100\t40\t88\tTotal:",
  "5\t1\t1\t1\t2\t2\t220\t110\t50\t40\t95\t ",
  "5\t1\t2\t1\t1\t1\t600\t400\t100\t50\t70\t12.00",
  "",
].join("\n");

describe("layoutFromTsv", () => {
  it("builds blocks, lines and words with normalised boxes from tesseract's TSV", () => {
    const layout = layoutFromTsv(tsv, 1000, 500);
    expect(layout.text).toBe("Invoice INV-42\nTotal:\n\n12.00");
    expect(layout.blocks).toHaveLength(2);
    expect(layout.lines.map((line) => line.text)).toEqual(["Invoice INV-42", "Total:", "12.00"]);
    expect(layout.words[0]).toEqual({
      text: "Invoice",
      confidence: 0.965,
      box: { x: 0.1, y: 0.1, width: 0.15, height: 0.08 },
    });
    expect(layout.words[3].box).toEqual({ x: 0.6, y: 0.8, width: 0.1, height: 0.1 });
  });

  it("gives an empty layout for an empty page", () => {
    expect(layoutFromTsv("", 10, 10)).toMatchObject({ text: "", words: [], lines: [], blocks: [] });
  });
});

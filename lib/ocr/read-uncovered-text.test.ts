import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { textSvg } from "@/lib/documents/testing/render-text-image";
import { englishSpeller } from "./english-speller";
import { greyToPgm } from "./normalize-image";
import { isLowResolution, readUncoveredText, withUncoveredWords, withWordsCovered } from "./read-uncovered-text";
import { recognizeTsvWithPool, terminateOcrPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

afterAll(terminateOcrPool);

const word = (text: string, confidence: number, x: number, y: number): Word => ({
  text,
  confidence,
  box: { x, y, width: 0.1, height: 0.05 },
});

describe("withWordsCovered", () => {
  it("paints each word's box and a margin of a third of its height white, and nothing else", () => {
    const page = { grey: Buffer.alloc(100 * 100, 0), width: 100, height: 100 };
    const covered = withWordsCovered(page, [word("Name", 0.9, 0.2, 0.2)]);
    const at = (x: number, y: number) => covered.grey[y * 100 + x];
    expect([at(20, 20), at(29, 24), at(19, 19), at(31, 26)]).toEqual([255, 255, 255, 255]);
    expect([at(15, 20), at(25, 30), at(50, 50)]).toEqual([0, 0, 0]);
    expect(page.grey[20 * 100 + 20]).toBe(0);
  });
});

describe("withUncoveredWords", () => {
  it("adds confident words as blocks in reading order and drops unsure ones and lone marks", async () => {
    const speller = await englishSpeller();
    const layout = assembleLayout([[[word("Date:", 0.95, 0.1, 0.5), word("1990", 0.9, 0.25, 0.5)]]]);
    const merged = withUncoveredWords(
      layout,
      [
        word("Account", 0.96, 0.1, 0.1),
        word("Code", 0.92, 0.22, 0.1),
        word("~~", 0.96, 0.5, 0.3),
        word("wa", 0.85, 0.5, 0.7),
        word("Signed", 0.95, 0.1, 0.8),
      ],
      speller,
    );
    expect(merged.blocks.map((block) => block.text)).toEqual(["Account Code", "Date: 1990", "Signed"]);
    expect(withUncoveredWords(layout, [word("~~", 0.96, 0.5, 0.3)], speller)).toBe(layout);
  });

  it("also adds English words of four letters or more read fairly surely, not unsure non-words or short words", async () => {
    const layout = assembleLayout([[[word("Date:", 0.95, 0.1, 0.5)]]]);
    const merged = withUncoveredWords(
      layout,
      [
        word("Approved", 0.7, 0.1, 0.1),
        word("(Signature)", 0.65, 0.22, 0.1),
        word("Apbroved", 0.7, 0.1, 0.3),
        word("or", 0.87, 0.22, 0.3),
        word("Signed", 0.5, 0.1, 0.8),
      ],
      await englishSpeller(),
    );
    expect(merged.blocks.map((block) => block.text)).toEqual(["Approved (Signature)", "Date:"]);
  });
});

describe("isLowResolution", () => {
  it("holds for pages enlarged for recognition, not for pages read at or below their size", () => {
    expect([isLowResolution(2.1), isLowResolution(1), isLowResolution(0.6)]).toEqual([true, false, false]);
  });
});

describe("readUncoveredText", () => {
  it("reads the lines a first reading left out of a small-print form, without reading its own words twice", async () => {
    // A form at about 100 DPI (10-pixel capitals), enlarged twice as the pipeline enlarges such scans.
    const lines = ["Account Number: 58-2201", "", "", "Approved by: Dana Hill", "", "", "Cost Center: 4410"];
    const png = await sharp(textSvg(lines, { width: 420, fontSize: 14, margin: 30 }))
      .flatten({ background: "#fff" })
      .resize({ width: 840, kernel: "lanczos3" })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const page = { grey: png.data, width: png.info.width, height: png.info.height };
    const full = layoutFromTsv(await recognizeTsvWithPool({ image: greyToPgm(page) }), page.width, page.height);
    expect(full.text).toContain("Approved");
    // The first reading as if layout analysis had dropped the middle line.
    const partial = assembleLayout(
      full.lines
        .filter((line) => !line.text.includes("Approved"))
        .map((line) => [full.words.slice(line.firstWord, line.firstWord + line.wordCount)]),
    );
    const completed = await readUncoveredText(partial, page, "fast");
    expect(completed.lines.map((line) => line.text)).toEqual(full.lines.map((line) => line.text));
  });
});

import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import { textSvg } from "@/lib/documents/testing/render-text-image";
import { greyToPgm } from "./normalize-image";
import { maxStackHeight, planStacks, rereadUnsureWords } from "./reread-unsure-words";
import { recognizeTsvWithPool, terminateOcrPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

afterAll(terminateOcrPool);

/** A form at about 100 DPI (10-pixel capitals), enlarged twice as the pipeline enlarges such scans. */
async function smallPrintForm(lines: string[]) {
  const { data, info } = await sharp(textSvg(lines, { width: 420, fontSize: 14, margin: 30 }))
    .flatten({ background: "#fff" })
    .resize({ width: 840, kernel: "lanczos3" })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { grey: data, width: info.width, height: info.height };
}

describe("rereadUnsureWords", () => {
  it("reads unsure words again on their own and keeps a new reading that is much surer and an English word", async () => {
    const page = await smallPrintForm(["Invoice Amount: 6,382", "", "Units shipped: CTNS"]);
    const read = layoutFromTsv(await recognizeTsvWithPool({ image: greyToPgm(page) }), page.width, page.height);
    expect(read.words.map((word) => word.text)).toContain("Amount:");
    // The first reading as a low-resolution scan gives it: three words misread and unsure, one misread but sure.
    const misread = new Map([
      ["Amount:", { text: "Arnount:", confidence: 0.3 }],
      ["Invoice", { text: "lnvoice:", confidence: 0.1 }],
      ["CTNS", { text: "cYNS", confidence: 0.2 }],
      ["shipped:", { text: "shlpped:", confidence: 0.95 }],
    ]);
    const first = assembleLayout([
      read.lines.map((line) =>
        read.words
          .slice(line.firstWord, line.firstWord + line.wordCount)
          .map((word) => ({ ...word, ...misread.get(word.text) })),
      ),
    ]);
    const again = await rereadUnsureWords(first, page, "fast");
    // A colon the first reading saw stays: it marks a key, and a word cut out of its line often loses it.
    // A code is left as first read, however surely it is read again: only a dictionary word vouches for the new reading.
    expect(again.words.map((word) => word.text)).toEqual(["Invoice:", "Amount:", "6,382", "Units", "shlpped:", "cYNS"]);
    expect(again.words[1].confidence).toBeGreaterThan(0.6);
    expect(again.lines.map((line) => line.text)).toEqual(["Invoice: Amount: 6,382", "Units shlpped: cYNS"]);
  });

  it("leaves a page whose words are all read surely as it is", async () => {
    const page = await smallPrintForm(["Account Number: 58-2201"]);
    const read = layoutFromTsv(await recognizeTsvWithPool({ image: greyToPgm(page) }), page.width, page.height);
    const sure = assembleLayout([[read.words.map((word) => ({ ...word, confidence: 0.95 }))]]);
    expect(await rereadUnsureWords(sure, page, "fast")).toBe(sure);
  });

  it("stacks a receipt's 300 unsure words in images tesseract accepts, and leaves out a smudge taller than a stack", () => {
    // A faint receipt: 300 unsure words of 30-60 pixels, and one "word" that is a smear down the page.
    // In one stack spaced by its tallest crop, it made an image 70,000 pixels tall that tesseract refused.
    const crop = (word: number, height: number) => ({ word, left: 0, right: 200, top: 1000, bottom: 1000 + height });
    const crops = [...Array.from({ length: 300 }, (_, word) => crop(word, 30 + (word % 31))), crop(300, 4000)];
    const stacks = planStacks(crops);
    for (const stack of stacks) {
      const heights = stack.map((one) => one.bottom - one.top);
      expect(
        heights.reduce((sum, height) => sum + height, 0) + (stack.length + 1) * Math.max(...heights),
      ).toBeLessThanOrEqual(maxStackHeight);
    }
    expect(
      stacks
        .flat()
        .map((one) => one.word)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 300 }, (_, word) => word));
  });
});

import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { textSvg } from "@/lib/documents/testing/render-text-image";
import { assembleLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { decodeCtc, lineRecogniser } from "./line-recogniser";
import { greyToPgm } from "./normalize-image";
import { charactersByWord, plainReading, preferredReading, rereadUnsureLines, unsureRuns } from "./reread-unsure-lines";
import { recognizeTsvWithPool, terminateOcrPool } from "./tesseract-pool";
import { layoutFromTsv } from "./tesseract-tsv-layout";

afterAll(terminateOcrPool);

const word = (text: string, x: number, confidence = 0.5): Word => ({
  text,
  confidence,
  box: { x, y: 0.1, width: 0.1, height: 0.05 },
});

describe("decodeCtc", () => {
  it("writes each run of one class once, at the run's middle, with its best probability", () => {
    // Four steps over classes [blank, a, b]: a a blank b.
    const steps = [
      [0.1, 0.8, 0.1],
      [0.1, 0.6, 0.3],
      [0.9, 0.05, 0.05],
      [0.2, 0.1, 0.7],
    ];
    const characters = decodeCtc(Float32Array.from(steps.flat()), 0, 4, 3, ["", "a", "b"], 8);
    expect(characters.map(({ text, x }) => [text, x])).toEqual([
      ["a", 8],
      ["b", 28],
    ]);
    expect(characters[0].probability).toBeCloseTo(0.8);
  });
});

describe("unsureRuns", () => {
  it("leaves out marks and lone letters, however unsure", () => {
    const words = [
      { confidence: 0.2, text: "x" },
      { confidence: 0.3, text: "|" },
      { confidence: 0.4, text: "No." },
    ];
    expect(unsureRuns(words)).toEqual([[2, 1]]);
  });

  it("groups consecutive unsure words", () => {
    const confidences = [0.95, 0.3, 0.5, 0.99, 0.2].map((confidence) => ({ confidence, text: "AB" }));
    expect(unsureRuns(confidences)).toEqual([
      [1, 2],
      [4, 1],
    ]);
  });
});

describe("charactersByWord", () => {
  it("gives each character to the word under it or the nearer one, and drops spaces", () => {
    const words = [word("AB", 0.1), word("CD", 0.4)];
    const read = [
      { text: "A", probability: 1, pageX: 0.12 },
      { text: "B", probability: 1, pageX: 0.22 },
      { text: " ", probability: 1, pageX: 0.3 },
      { text: "C", probability: 1, pageX: 0.33 },
      { text: "D", probability: 1, pageX: 0.45 },
    ];
    expect(charactersByWord(words, read).map((characters) => characters.map(({ text }) => text).join(""))).toEqual([
      "AB",
      "CD",
    ]);
  });
});

describe("preferredReading", () => {
  const sure = (text: string, probability = 0.97) => [...text].map((character) => ({ text: character, probability }));

  it("takes a sure second reading over an unsure first one", () => {
    expect(preferredReading(word("UAN", 0.1, 0.4), sure("LIAN"))?.text).toBe("LIAN");
  });

  it("keeps the first reading when the second is unsure, no surer, or not Latin text", () => {
    expect(preferredReading(word("UAN", 0.1, 0.4), sure("LIAN", 0.6))).toBeUndefined();
    expect(preferredReading(word("UAN", 0.1, 0.95), sure("LIAN", 0.96))).toBeUndefined();
    expect(preferredReading(word("UAN", 0.1, 0.4), sure("联兴"))).toBeUndefined();
  });

  it("writes plain punctuation and reads a zero among capitals as O", () => {
    expect(plainReading("F00DICI0US：")).toBe("FOODICIOUS:");
    expect(plainReading("RM10.00")).toBe("RM10.00");
  });
});

describe("rereadUnsureLines", () => {
  it("reads an unsure line again with the line recogniser and keeps tesseract's words and boxes", async () => {
    const { data, info } = await sharp(textSvg(["LIAN HING STATIONERY", "TOTAL 26.60"], { fontSize: 28 }))
      .flatten({ background: "#fff" })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const page = { grey: data, width: info.width, height: info.height };
    const read = layoutFromTsv(await recognizeTsvWithPool({ image: greyToPgm(page) }), page.width, page.height);
    expect(read.words.map((w) => w.text)).toEqual(["LIAN", "HING", "STATIONERY", "TOTAL", "26.60"]);
    // The first reading of a faded receipt: two words misread and unsure; the sure line is not read again.
    const misread = new Map([
      ["LIAN", { text: "UAN", confidence: 0.41 }],
      ["26.60", { text: "2G.6O", confidence: 0.3 }],
    ]);
    const first = assembleLayout([
      read.lines.map((line) =>
        read.words
          .slice(line.firstWord, line.firstWord + line.wordCount)
          .map((w) => ({ ...w, ...misread.get(w.text) })),
      ),
    ]);
    const again = await rereadUnsureLines(first, page);
    expect(again.words.map((w) => w.text)).toEqual(["LIAN", "HING", "STATIONERY", "TOTAL", "26.60"]);
    expect(again.words.map((w) => w.box)).toEqual(read.words.map((w) => w.box));
    expect(again.words[0].confidence).toBeGreaterThan(0.9);
    expect(again.text).toContain("LIAN HING STATIONERY");
  });

  it("leaves a page whose words are all sure as it was, without loading the recogniser", async () => {
    const layout = assembleLayout([[[word("Invoice", 0.1, 0.96)]]]);
    const unused = () => Promise.reject(new Error("not to be loaded"));
    expect(await rereadUnsureLines(layout, { grey: Buffer.alloc(100, 255), width: 10, height: 10 }, unused)).toBe(
      layout,
    );
  });

  it("the recogniser reads a printed line by itself", async () => {
    const { data, info } = await sharp(textSvg(["SANYU STATIONERY"], { fontSize: 40, margin: 8 }))
      .flatten({ background: "#fff" })
      .greyscale()
      .resize({ height: 48, fit: "fill" })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [characters] = await (await lineRecogniser()).read([{ grey: data, width: info.width }]);
    expect(
      characters
        .map((c) => c.text)
        .join("")
        .replace(/\s/g, ""),
    ).toBe("SANYUSTATIONERY");
  });
});

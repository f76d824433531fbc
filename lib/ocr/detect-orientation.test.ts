import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { hasSidewaysWords, isUpsideDown, likelyTurn, sidewaysTurn, turnCounterClockwise } from "./detect-orientation";
import type { GreyPixels } from "./estimate-skew";

const page = textSvg(proseLines(24, 80, 3), { width: 1700, fontSize: 30, margin: 100 });

async function sample(degrees: number): Promise<GreyPixels> {
  const { data, info } = await sharp(page)
    .flatten({ background: "#fff" })
    .rotate(degrees, { background: "#fff" })
    .greyscale()
    .resize({ width: 800 })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("isUpsideDown", () => {
  it.each([
    [0, false],
    [180, true],
  ])("a page turned %s° is upside down: %s", async (degrees, expected) => {
    expect(isUpsideDown(await sample(degrees))).toBe(expected);
  });

  it("calls a blank page upright", () => {
    expect(isUpsideDown({ data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 })).toBe(false);
  });
});

describe("sideways pages", () => {
  it.each([
    [90, 90],
    [270, 270],
  ] as const)("text turned %s° reads as turned %s°", async (degrees, expected) => {
    expect(sidewaysTurn(await sample(degrees))).toBe(expected);
  });

  it("are told by their words standing taller than wide", () => {
    const word = (width: number, height: number) => ({
      text: "word",
      confidence: 1,
      box: { x: 0.1, y: 0.1, width, height },
    });
    expect(hasSidewaysWords([word(0.02, 0.1), word(0.02, 0.08), word(0.02, 0.1)], 1000, 1000)).toBe(true);
    expect(hasSidewaysWords([word(0.1, 0.02), word(0.02, 0.08), word(0.1, 0.02)], 1000, 1000)).toBe(false);
  });

  it("four quarter turns come back to the start", async () => {
    const upright = await sample(0);
    const round = [1, 2, 3, 4].reduce((image) => turnCounterClockwise(image), upright);
    expect(Buffer.from(round.data).equals(Buffer.from(upright.data))).toBe(true);
  });
});

describe("likelyTurn", () => {
  it.each([
    [0, 0],
    [180, 180],
    [90, 90],
    [270, 270],
  ])("the ink of a page turned %s° suggests %s°", async (degrees, expected) => {
    expect(likelyTurn(await sample(degrees))).toBe(expected);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { estimateSkewDegrees, otsuThreshold } from "./estimate-skew";
import { normalizeImageToGrey } from "./normalize-image";

const lines = Array.from(
  { length: 12 },
  (_, index) => `Line ${index + 1}: the quick brown fox jumps over the lazy dog`,
);

async function turnedPage(degrees: number): Promise<Buffer> {
  return sharp(textSvg(lines, { fontSize: 30 }))
    .flatten({ background: "#fff" })
    .rotate(degrees, { background: "#fff" })
    .png()
    .toBuffer();
}

async function greyPixels(png: Buffer) {
  const { data, info } = await sharp(png)
    .greyscale()
    .resize({ width: 800 })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("estimateSkewDegrees", () => {
  it.each([0, 3, -2, 7.5])("finds a page turned %s° clockwise", async (degrees) => {
    expect(estimateSkewDegrees(await greyPixels(await turnedPage(degrees)))).toBeCloseTo(degrees, 0);
  });

  it.each([2, -3.7])(
    "finds a dense page (its coarse search sampled) turned %s° to a tenth of a degree",
    async (degrees) => {
      const svg = textSvg(proseLines(40, 95, 1), { width: 2550, fontSize: 42, margin: 150 });
      const png = await sharp(svg)
        .flatten({ background: "#fff" })
        .rotate(degrees, { background: "#fff" })
        .png()
        .toBuffer();
      expect(Math.abs(estimateSkewDegrees(await greyPixels(png)) - degrees)).toBeLessThanOrEqual(0.1 + 1e-9);
    },
  );

  it("gives 0 for a blank page and for a mostly dark image", () => {
    expect(estimateSkewDegrees({ data: new Uint8Array(100 * 100).fill(255), width: 100, height: 100 })).toBe(0);
    expect(estimateSkewDegrees({ data: new Uint8Array(100 * 100).fill(10), width: 100, height: 100 })).toBe(0);
  });
});

describe("otsuThreshold", () => {
  it("splits ink from paper and counts the ink", () => {
    // An odd length, with ink in the last pixel too.
    const data = new Uint8Array(1001).fill(230);
    data.fill(20, 0, 300);
    data[1000] = 20;
    expect(otsuThreshold(data)).toEqual({ threshold: 20, inkCount: 301 });
  });
});

describe("normalizeImageToGrey", () => {
  it("straightens a skewed page and leaves a straight one alone", async () => {
    const skewed = await normalizeImageToGrey(await turnedPage(4), {
      targetDpi: 300,
      maxLongSide: 3600,
      density: 300,
      deskew: true,
    });
    expect(skewed.skewDegrees).toBeCloseTo(4, 0);
    const again = estimateSkewDegrees(
      await greyPixels(
        await sharp(skewed.grey, { raw: { width: skewed.width, height: skewed.height, channels: 1 } })
          .png()
          .toBuffer(),
      ),
    );
    expect(Math.abs(again)).toBeLessThanOrEqual(0.5);

    const straight = await turnedPage(0);
    const { width, height } = await sharp(straight).metadata();
    const normalized = await normalizeImageToGrey(straight, {
      targetDpi: 300,
      maxLongSide: 3600,
      density: 300,
      deskew: true,
    });
    expect(normalized).toMatchObject({ width, height, skewDegrees: 0 });
    expect(normalized.grey.length).toBe(width! * height!);
  });
});

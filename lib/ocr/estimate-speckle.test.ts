import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { isSpeckled, speckShare } from "./estimate-speckle";

/** A page of 10 pt prose at 300 DPI as raw grey pixels. */
async function prosePage() {
  const svg = textSvg(proseLines(10, 60, 3), { width: 1600, fontSize: 42, margin: 100 });
  const { data, info } = await sharp(svg)
    .flatten({ background: "#fff" })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** `share` of the pixels turned black or white, from a fixed seed. */
function withSaltAndPepper(page: { data: Buffer; width: number; height: number }, share: number) {
  let state = 7;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return {
    ...page,
    data: Buffer.from(page.data.map((value) => (random() < share ? (random() < 0.5 ? 0 : 255) : value))),
  };
}

describe("speckle estimate", () => {
  it("tells salt-and-pepper noise from the dots and commas of clean text", async () => {
    const page = await prosePage();
    expect(speckShare(page, 23)).toBeLessThan(0.2);
    expect(isSpeckled(page, 23)).toBe(false);
    const noisy = withSaltAndPepper(page, 0.015);
    expect(speckShare(noisy, 23)).toBeGreaterThan(0.8);
    expect(isSpeckled(noisy, 23)).toBe(true);
  });

  it("does not call a nearly empty page speckled", () => {
    const blank = { data: Buffer.alloc(200 * 200, 255), width: 200, height: 200 };
    blank.data[500] = 0;
    expect(isSpeckled(blank, undefined)).toBe(false);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { detectOrientation, isUpsideDown, turnCounterClockwise } from "./detect-orientation";
import type { GreyPixels } from "./estimate-skew";

const page = textSvg(proseLines(24, 80, 3), { width: 1700, fontSize: 30, margin: 100 });

async function sample(degrees: number): Promise<GreyPixels> {
  const { data, info } = await sharp(page).flatten({ background: "#fff" }).rotate(degrees, { background: "#fff" }).greyscale().resize({ width: 800 }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function straighten(image: GreyPixels, degrees: number): Promise<GreyPixels> {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).rotate(-degrees, { background: "#fff" }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe("detectOrientation", () => {
  it.each([
    [0, 0, 0],
    [4, 0, 4],
    [-6, 0, -6],
    [90, 90, 0],
    [180, 180, 0],
    [183, 180, 3],
    [270, 270, 0],
    [-88, 270, 2],
  ])("a page turned %s° reads as turned %s° with %s° of skew", async (turn, orientation, skew) => {
    const found = await detectOrientation(await sample(turn), straighten);
    expect(found.orientation).toBe(orientation);
    expect(found.skewDegrees).toBeCloseTo(skew, 0);
  });

  it("calls a blank page upright", async () => {
    expect(await detectOrientation({ data: new Uint8Array(400 * 300).fill(255), width: 400, height: 300 }, straighten)).toEqual({ orientation: 0, skewDegrees: 0 });
  });
});

describe("isUpsideDown and turnCounterClockwise", () => {
  it("tells upright from upside-down lines, and four quarter turns come back to the start", async () => {
    const upright = await sample(0);
    expect(isUpsideDown(upright)).toBe(false);
    expect(isUpsideDown(turnCounterClockwise(turnCounterClockwise(upright)))).toBe(true);
    const round = [1, 2, 3, 4].reduce((image) => turnCounterClockwise(image), upright);
    expect(Buffer.from(round.data).equals(Buffer.from(upright.data))).toBe(true);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import { boxToSource, layoutToSource, rulingsToSource, wordAngle } from "./page-transform";

/** Where sharp's rotate puts a dark square, found by its ink centroid. */
async function turnedSquare(
  width: number,
  height: number,
  square: { x: number; y: number; size: number },
  degrees: number,
) {
  const grey = Buffer.alloc(width * height, 255);
  for (let y = square.y; y < square.y + square.size; y++)
    grey.fill(0, y * width + square.x, y * width + square.x + square.size);
  const { data, info } = await sharp(grey, { raw: { width, height, channels: 1 } })
    .rotate(-degrees, { background: "#fff" })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [sumX, sumY, count] = [0, 0, 0];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[y * info.width + x] < 128) [sumX, sumY, count] = [sumX + x, sumY + y, count + 1];
  return {
    centre: { x: (sumX / count + 0.5) / info.width, y: (sumY / count + 0.5) / info.height },
    width: info.width,
    height: info.height,
  };
}

describe("boxToSource", () => {
  it.each([3, -7.5, 90, 180, 270, 93])(
    "maps a box of a copy turned back by %s° onto the same pixels of the source",
    async (degrees) => {
      const [width, height] = [600, 400];
      const square = { x: 120, y: 60, size: 20 };
      const turned = await turnedSquare(width, height, square, degrees);
      const half = 10 / Math.max(turned.width, turned.height);
      const box = { x: turned.centre.x - half, y: turned.centre.y - half, width: 2 * half, height: 2 * half };
      const mapped = boxToSource(box, {
        sourceWidth: width,
        sourceHeight: height,
        width: turned.width,
        height: turned.height,
        degrees,
      });
      // Within a pixel of the square's centre in the source.
      expect((mapped.x + mapped.width / 2) * width).toBeCloseTo(square.x + square.size / 2, -0.5);
      expect((mapped.y + mapped.height / 2) * height).toBeCloseTo(square.y + square.size / 2, -0.5);
    },
  );

  it("bounds a turned rectangle by its corners", () => {
    // A 100 × 10 word in the middle of a 1000 × 1000 copy, turned back by 90°, stands 10 wide and 100 tall.
    const box = boxToSource(
      { x: 0.45, y: 0.495, width: 0.1, height: 0.01 },
      { sourceWidth: 1000, sourceHeight: 1000, width: 1000, height: 1000, degrees: 90 },
    );
    expect(box.width).toBeCloseTo(0.01, 6);
    expect(box.height).toBeCloseTo(0.1, 6);
  });
});

describe("layoutToSource", () => {
  it("keeps the turn on every word and leaves an unturned layout alone", () => {
    const word = { text: "Total", confidence: 0.9, box: { x: 0.4, y: 0.4, width: 0.2, height: 0.05 } };
    const layout = {
      text: "Total",
      words: [word],
      lines: [{ ...word, firstWord: 0, wordCount: 1 }],
      blocks: [{ ...word, firstLine: 0, lineCount: 1 }],
      confidence: 0.9,
    };
    expect(layoutToSource(layout, { sourceWidth: 10, sourceHeight: 10, width: 10, height: 10, degrees: 0 })).toBe(
      layout,
    );
    const turned = layoutToSource(layout, { sourceWidth: 10, sourceHeight: 10, width: 11, height: 11, degrees: -4 });
    expect(turned.words[0].angle).toBe(-4);
    expect(turned.lines[0].box).toEqual(turned.words[0].box);
    // Lines and blocks carry the turn their words share, like the words.
    expect(turned.lines[0].angle).toBe(-4);
    expect(turned.blocks[0].angle).toBe(-4);
  });

  it("gives a line no angle when its words are upright or turned differently", () => {
    const word = (text: string, x: number, angle?: number) => ({
      text,
      confidence: 0.9,
      box: { x, y: 0.4, width: 0.1, height: 0.05 },
      ...(angle === undefined ? {} : { angle }),
    });
    const layout = assembleLayout([
      [
        [word("Total", 0.1, 90), word("due", 0.3, 90)],
        [word("A", 0.1), word("B", 0.3, 90)],
      ],
    ]);
    expect(layout.lines.map((line) => line.angle)).toEqual([90, undefined]);
    expect(layout.blocks[0].angle).toBeUndefined();
    expect(assembleLayout([[[word("Up", 0.1)]]]).lines[0]).not.toHaveProperty("angle");
  });

  it("gives angles in (-180, 180]", () => {
    expect([wordAngle(270), wordAngle(180), wordAngle(-180), wordAngle(93.04), wordAngle(360)]).toEqual([
      -90, 180, 180, 93, 0,
    ]);
  });
});

describe("rulingsToSource", () => {
  it("swaps horizontal and vertical rules under a quarter turn", () => {
    const rulings = rulingsToSource(
      { horizontal: [{ position: 0.5, start: 0.1, end: 0.9 }], vertical: [] },
      { sourceWidth: 100, sourceHeight: 100, width: 100, height: 100, degrees: 90 },
    );
    expect(rulings.horizontal).toEqual([]);
    expect(rulings.vertical[0].position).toBeCloseTo(0.5, 6);
    expect(rulings.vertical[0].start).toBeCloseTo(0.1, 6);
  });
});

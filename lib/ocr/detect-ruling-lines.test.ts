import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { textSvg } from "@/lib/documents/testing/render-text-image";
import { findRulingLines } from "./detect-ruling-lines";

/** A white page (400 × 300: the shortest line it counts is 60 pixels) with black boxes on it. */
function page(boxes: { left: number; top: number; width: number; height: number }[]) {
  const width = 400;
  const height = 300;
  const data = new Uint8Array(width * height).fill(255);
  for (const box of boxes) {
    for (let y = box.top; y < box.top + box.height; y++)
      data.fill(0, y * width + box.left, y * width + box.left + box.width);
  }
  return { data, width, height };
}

const minLength = 60;

describe("findRulingLines", () => {
  it("finds every line at least the minimum length long, wherever it starts, and no shorter one", () => {
    const offsets = Array.from({ length: minLength + 1 }, (_, index) => index);
    const lines = offsets.map((offset) => ({ left: offset, top: offset * 4, width: minLength, height: 2 }));
    const { rulings } = findRulingLines(page([...lines, { left: 150, top: 0, width: minLength - 1, height: 2 }]));
    expect(rulings.horizontal).toEqual(
      offsets.map((offset) => ({
        position: (offset * 4 + 1) / 300,
        start: offset / 400,
        end: (offset + minLength) / 400,
      })),
    );
    expect(rulings.vertical).toEqual([]);
  });

  it("keeps the vertical lines that meet a horizontal one, wherever they start", () => {
    const rule = { left: 0, top: 150, width: 400, height: 2 };
    const offsets = Array.from({ length: minLength }, (_, index) => index);
    const stems = offsets.map((offset) => ({ left: 10 + offset * 6, top: 92 + offset, width: 1, height: minLength }));
    const tooShort = { left: 385, top: 120, width: 1, height: minLength - 1 };
    const away = { left: 390, top: 0, width: 1, height: 80 };
    const { rulings } = findRulingLines(page([rule, ...stems, tooShort, away]));
    expect(rulings.horizontal).toEqual([{ position: 151 / 300, start: 0, end: 1 }]);
    const found = [...rulings.vertical].sort((a, b) => a.position - b.position);
    // A stem starting below the rule's first row runs on through the rule's pixel above it.
    const expected = offsets.map((offset) => ({
      position: (10 + offset * 6 + 0.5) / 400,
      start: Math.min(92 + offset, 150) / 300,
      end: (92 + offset + minLength) / 300,
    }));
    expect(found).toEqual(expected);
  });

  it("finds the rules of a table among text and paints them white", async () => {
    const rows = [200, 300, 400, 500];
    const columns = [100, 700, 1300];
    const rules =
      rows.map((y) => `<rect x="100" y="${y}" width="1203" height="3" fill="#000"/>`).join("") +
      columns.map((x) => `<rect x="${x}" y="200" width="3" height="303" fill="#000"/>`).join("");
    const text = textSvg(["Quantity 12 Price 340.00 Total 4080.00 Illustrated"], {
      width: 1400,
      fontSize: 40,
      margin: 40,
    }).toString();
    const svg = text.replace(/height="\d+"/, 'height="600"').replace("</svg>", `${rules}</svg>`);
    const { data, info } = await sharp(Buffer.from(svg))
      .flatten({ background: "#fff" })
      .greyscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { rulings, withoutLines } = findRulingLines({ data, width: info.width, height: info.height });
    // Positions are the middles of the 3-pixel rules, give or take the anti-aliased edge.
    expect(rulings.horizontal).toHaveLength(rows.length);
    rulings.horizontal.forEach((line, index) =>
      expect(Math.abs(line.position * info.height - (rows[index] + 1.5))).toBeLessThanOrEqual(1),
    );
    expect(rulings.vertical).toHaveLength(columns.length);
    rulings.vertical.forEach((line, index) =>
      expect(Math.abs(line.position * info.width - (columns[index] + 1.5))).toBeLessThanOrEqual(1),
    );
    const darkIn = (pixels: Uint8Array, top: number, bottom: number) =>
      pixels.subarray(top * info.width, bottom * info.width).filter((value) => value < 128).length;
    expect(darkIn(withoutLines, 190, 510)).toBe(0);
    expect(darkIn(withoutLines, 0, 150)).toBe(darkIn(data, 0, 150));
    expect(darkIn(data, 0, 150)).toBeGreaterThan(1000);
  });
});

import { describe, expect, it } from "vitest";
import { estimateTextHeight } from "./estimate-text-height";

/** A white page and a way to ink single pixels on it. */
function blankPage(width: number, height: number) {
  const data = new Uint8Array(width * height).fill(255);
  const ink = (x: number, y: number) => {
    data[y * width + x] = 0;
  };
  const fill = (left: number, top: number, boxWidth: number, boxHeight: number) => {
    for (let y = top; y < top + boxHeight; y++) for (let x = left; x < left + boxWidth; x++) ink(x, y);
  };
  return { image: { data, width, height }, ink, fill };
}

/** Places `count` shapes on a grid of 40-pixel cells, drawing each with `draw(left, top, index)`. */
function grid(count: number, draw: (left: number, top: number, index: number) => void) {
  for (let index = 0; index < count; index++) draw(10 + (index % 20) * 40, 10 + Math.floor(index / 20) * 40, index);
}

describe("estimateTextHeight", () => {
  it("gives the median height of glyph-like components", () => {
    const page = blankPage(900, 400);
    grid(41, (left, top) => page.fill(left, top, 6, 12));
    grid(20, (left, top) => page.fill(left, top + 200, 8, 20));
    expect(estimateTextHeight(page.image)).toBe(12);
  });

  it("joins pixels that touch only diagonally (8-connectivity)", () => {
    const page = blankPage(900, 400);
    // Each shape is a diagonal stroke of 14 pixels: one glyph 14 high, not fourteen dots.
    grid(40, (left, top) => {
      for (let step = 0; step < 14; step++) page.ink(left + step, top + step);
    });
    expect(estimateTextHeight(page.image)).toBe(14);
  });

  it("measures a shape whose arms only meet further down or up (U and n) as one component", () => {
    const page = blankPage(900, 400);
    grid(40, (left, top, index) => {
      const height = index % 2 ? 11 : 9;
      page.fill(left, top, 2, height);
      page.fill(left + 8, top, 2, height);
      // U: the arms are two components until the bottom row joins them; n: joined by the top row.
      page.fill(left, index < 20 ? top + height - 1 : top, 10, 1);
    });
    // Half the shapes are 9 high, half 11; the median of the sorted heights is the upper one.
    expect(estimateTextHeight(page.image)).toBe(11);
  });

  it("drops rules and boxes by their shape", () => {
    const page = blankPage(900, 600);
    grid(35, (left, top) => page.fill(left, top, 5, 10));
    // Rules are too wide for their height and a frame too tall for a glyph.
    for (let row = 0; row < 8; row++) page.fill(10, 300 + row * 20, 800, 3);
    page.fill(850, 10, 3, 500);
    expect(estimateTextHeight(page.image)).toBe(10);
  });

  it("gives no estimate for a blank page, a dark page or too few glyphs", () => {
    expect(estimateTextHeight(blankPage(300, 300).image)).toBeUndefined();
    expect(estimateTextHeight({ data: new Uint8Array(300 * 300).fill(10), width: 300, height: 300 })).toBeUndefined();
    const few = blankPage(900, 400);
    grid(20, (left, top) => few.fill(left, top, 6, 12));
    expect(estimateTextHeight(few.image)).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { fingerSpread, zoomAfterPinch } from "./pinch-zoom";

describe("zoomAfterPinch", () => {
  it("scales the starting zoom by the fingers' spread, to the nearest toolbar step", () => {
    expect(zoomAfterPinch(1, 100, 200)).toBe(2);
    expect(zoomAfterPinch(1, 100, 130)).toBe(1.25);
    expect(zoomAfterPinch(2, 200, 100)).toBe(1);
    expect(zoomAfterPinch(1, 100, 104)).toBe(1);
  });

  it("stops at the smallest and largest steps, and ignores a spread of nothing", () => {
    expect(zoomAfterPinch(1, 100, 1000)).toBe(3);
    expect(zoomAfterPinch(1, 100, 10)).toBe(0.5);
    expect(zoomAfterPinch(1.5, 0, 100)).toBe(1.5);
  });

  it("measures two fingers' distance, and none for one", () => {
    expect(
      fingerSpread([
        { x: 0, y: 0 },
        { x: 30, y: 40 },
      ]),
    ).toBe(50);
    expect(fingerSpread([{ x: 5, y: 5 }])).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { isDoubleTap, zoomAfterDoubleTap } from "./double-tap";

describe("isDoubleTap", () => {
  it("is two taps close in time and place", () => {
    expect(isDoubleTap({ x: 100, y: 100, at: 1000 }, { x: 110, y: 105, at: 1200 })).toBe(true);
    expect(isDoubleTap(undefined, { x: 100, y: 100, at: 1000 })).toBe(false);
    expect(isDoubleTap({ x: 100, y: 100, at: 1000 }, { x: 100, y: 100, at: 1400 })).toBe(false);
    expect(isDoubleTap({ x: 100, y: 100, at: 1000 }, { x: 180, y: 100, at: 1100 })).toBe(false);
  });

  it("toggles between fit width and 200%", () => {
    expect(zoomAfterDoubleTap(1)).toBe(2);
    expect(zoomAfterDoubleTap(2)).toBe(1);
    expect(zoomAfterDoubleTap(0.75)).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { boxToSource } from "@/lib/ocr/page-transform";
import { turnedRectangle } from "./word-corners";

describe("turnedRectangle", () => {
  it.each([0, 4, -7.5, 30, 90, -90, 180])("recovers a %s° word's rectangle from its bound and angle", (angle) => {
    // A 200 × 30 word in the middle of a 1000 × 1400 page, turned by `angle` into its bound.
    const [width, height] = [1000, 1400];
    const upright = { x: 0.4, y: 0.5 - 15 / 1400, width: 0.2, height: 30 / 1400 };
    const bound = boxToSource(upright, { sourceWidth: width, sourceHeight: height, width, height, degrees: angle });
    const rectangle = turnedRectangle(bound, angle, width, height);
    expect(rectangle.length).toBeCloseTo(200, 3);
    expect(rectangle.thickness).toBeCloseTo(30, 3);
    // The corners lie on the bound's edges.
    const xs = rectangle.corners.map(([x]) => x);
    const ys = rectangle.corners.map(([, y]) => y);
    expect(Math.min(...xs)).toBeCloseTo(bound.x, 6);
    expect(Math.max(...ys)).toBeCloseTo(bound.y + bound.height, 6);
  });
});

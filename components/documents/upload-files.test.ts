import { describe, expect, it } from "vitest";
import { spreadProgress } from "./upload-files";

describe("spreadProgress", () => {
  it("fills the files in order as bytes go out", () => {
    expect(spreadProgress([100, 50, 200], 0)).toEqual([0, 0, 0]);
    expect(spreadProgress([100, 50, 200], 120)).toEqual([100, 20, 0]);
    expect(spreadProgress([100, 50, 200], 350)).toEqual([100, 50, 200]);
  });

  it("never reports more than a file's size", () => {
    expect(spreadProgress([10, 10], 1000)).toEqual([10, 10]);
  });
});

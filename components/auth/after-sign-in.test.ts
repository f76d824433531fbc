import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from "./after-sign-in";

describe("safeNextPath", () => {
  it("keeps a path on this site", () => {
    expect(safeNextPath("/developers?tab=keys")).toBe("/developers?tab=keys");
  });

  it("refuses other sites and falls back", () => {
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, undefined]) {
      expect(safeNextPath(next)).toBe(DEFAULT_AFTER_SIGN_IN);
    }
    expect(safeNextPath("//x", "/settings")).toBe("/settings");
  });
});

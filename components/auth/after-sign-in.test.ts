import { describe, expect, it } from "vitest";
import { DEFAULT_AFTER_SIGN_IN, safeNextPath } from "./after-sign-in";

describe("safeNextPath", () => {
  it("keeps a path on this site", () => {
    expect(safeNextPath("/developers?tab=keys")).toBe("/developers?tab=keys");
    expect(safeNextPath("/batches/abc#page-2")).toBe("/batches/abc#page-2");
    expect(safeNextPath("/verify-email?sent=a%40b.co")).toBe("/verify-email?sent=a%40b.co");
    // Encoded slashes stay encoded: a path segment on this site, not another host.
    expect(safeNextPath("/%2f%2fevil.example")).toBe("/%2f%2fevil.example");
  });

  it("refuses every spelling of another site and falls back", () => {
    const spellings = [
      "https://evil.example/",
      "http:evil.example",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\/evil.example",
      "/\t/evil.example/",
      "/%09/evil.example/".replace("%09", "\t"),
      "/\n/evil.example",
      "/\r\n/evil.example",
      "\t//evil.example",
      " //evil.example",
      "/./\\evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "%2f%2fevil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "",
      null,
      undefined,
    ];
    for (const next of spellings) expect(safeNextPath(next), JSON.stringify(next)).toBe(DEFAULT_AFTER_SIGN_IN);
    expect(safeNextPath("//x", "/settings")).toBe("/settings");
  });

  it("drops control characters instead of passing them to a Location header", () => {
    const path = safeNextPath("/settings\n");
    expect(path).toBe("/settings");
    expect(safeNextPath("/set\rtings?x=1\n2")).toBe("/settings?x=12");
    for (const next of ["/a\u0000b", "/\u007f", "/é?q=ü"])
      expect(safeNextPath(next)).not.toMatch(/[\u0000-\u001f\u007f-\uffff]/);
  });
});

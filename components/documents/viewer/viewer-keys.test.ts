import { describe, expect, it } from "vitest";
import { viewerKeyAction } from "./viewer-keys";

const press = (key: string, extra: Partial<Parameters<typeof viewerKeyAction>[0]> = {}) =>
  viewerKeyAction({
    key,
    ctrlKey: false,
    altKey: false,
    metaKey: false,
    target: { tagName: "DIV" } as never,
    ...extra,
  });

describe("viewerKeyAction", () => {
  it("turns pages with PageUp/PageDown and zooms with +, − and 0", () => {
    expect(["PageUp", "PageDown", "+", "=", "-", "0"].map((key) => press(key))).toEqual([
      "previous-page",
      "next-page",
      "zoom-in",
      "zoom-in",
      "zoom-out",
      "zoom-fit",
    ]);
    expect(press("a")).toBeUndefined();
  });

  it("leaves keys typed into fields and the browser's own shortcuts alone", () => {
    expect(press("0", { target: { tagName: "TEXTAREA" } as never })).toBeUndefined();
    expect(press("PageDown", { target: { tagName: "INPUT" } as never })).toBeUndefined();
    expect(press("+", { target: { tagName: "DIV", isContentEditable: true } as never })).toBeUndefined();
    expect(press("+", { ctrlKey: true })).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { bidiLevels, isRightToLeft, visualOrder } from "./bidi";

/** The text as it is seen left to right. */
function visual(text: string): string {
  const chars = [...text];
  const codePoints = chars.map((char) => char.codePointAt(0)!);
  const levels = bidiLevels(codePoints, isRightToLeft(codePoints) ? 1 : 0);
  return visualOrder(levels)
    .map((index) => chars[index])
    .join("");
}

describe("bidi", () => {
  it("keeps left-to-right text as it is", () => {
    expect(visual("Invoice 12, total 25.50")).toBe("Invoice 12, total 25.50");
  });

  it("reverses a right-to-left line but keeps its numbers and Latin words left to right", () => {
    expect(visual("שלום 123")).toBe("123 םולש");
    expect(visual("אבג abc דה")).toBe("הד abc גבא");
    expect(visual("المجموع 25.50")).toBe("25.50 عومجملا");
  });

  it("puts a right-to-left phrase inside a left-to-right line in its own order", () => {
    expect(visual("Total אבג 123 end")).toBe("Total 123 גבא end");
  });

  it("takes the paragraph direction from the first strong character", () => {
    expect(isRightToLeft([..."123 שלום"].map((char) => char.codePointAt(0)!))).toBe(true);
    expect(isRightToLeft([..."(x) שלום"].map((char) => char.codePointAt(0)!))).toBe(false);
  });
});

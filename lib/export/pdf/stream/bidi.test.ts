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

describe("bidi controls", () => {
  const [LRE, RLE, PDF, RLO, LRI, RLI, FSI, PDI] = [
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
  ];
  /** As seen, without the controls (they draw nothing). */
  const seen = (text: string) => visual(text).replace(/[\u202a-\u202e\u2066-\u2069]/g, "");

  it("an override draws its letters in the direction it names", () => {
    expect(seen(`abc ${RLO}def${PDF} ghi`)).toBe("abc fed ghi");
  });

  it("an embedding or isolate keeps a Latin phrase with its punctuation together inside Arabic or Hebrew", () => {
    // Without controls the trailing "!" of the Latin phrase would go to the Hebrew side.
    expect(seen(`שלום ${LRI}Hello!${PDI} עולם`)).toBe("םלוע Hello! םולש");
    expect(seen(`שלום ${LRE}Hello!${PDF} עולם`)).toBe("םלוע Hello! םולש");
    expect(seen(`שלום Hello! עולם`)).toBe("םלוע !Hello םולש");
  });

  it("a right-to-left isolate inside Latin text is reversed as a whole; FSI takes its direction from its text", () => {
    expect(seen(`Name: ${RLI}אבג 12${PDI}.`)).toBe("Name: 12 גבא.");
    expect(seen(`Name: ${FSI}אבג 12${PDI}.`)).toBe("Name: 12 גבא.");
    expect(seen(`Name: ${RLE}abc${PDF}.`)).toBe("Name: abc.");
  });

  it("the paragraph direction skips isolated text", () => {
    expect(isRightToLeft([...`${LRI}abc${PDI} אבג`].map((char) => char.codePointAt(0)!))).toBe(true);
  });
});

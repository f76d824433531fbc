import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit, { type Font } from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { withEvenGlyphLengths } from "./even-glyph-lengths";

function fontFile(...parts: string[]): Promise<Buffer> {
  return readFile(path.join(process.cwd(), "node_modules", ...parts));
}

function glyphLengths(font: Font & { loca?: { offsets: number[] } }): number[] {
  const offsets = font.loca!.offsets;
  return offsets.slice(1).map((offset, index) => offset - offsets[index]);
}

describe("withEvenGlyphLengths", () => {
  it("pads odd-length glyphs without changing any outline or metric", async () => {
    const original = await fontFile("@expo-google-fonts", "noto-sans-kr", "400Regular", "NotoSansKR_400Regular.ttf");
    const before = fontkit.create(original);
    expect(glyphLengths(before).some((length) => length % 2 === 1)).toBe(true);

    const padded = withEvenGlyphLengths(original);
    const after = fontkit.create(padded);
    expect(after.numGlyphs).toBe(before.numGlyphs);
    expect(glyphLengths(after).every((length) => length % 2 === 0)).toBe(true);
    for (const char of "서울특별시 さくら Ab東京") {
      const [was, is] = [before, after].map((font) => font.glyphForCodePoint(char.codePointAt(0)!));
      expect(is.id).toBe(was.id);
      expect(is.path.toSVG()).toBe(was.path.toSVG());
      expect(is.advanceWidth).toBe(was.advanceWidth);
    }
  });

  it("leaves fonts whose glyphs are already even untouched", async () => {
    const dejaVu = await fontFile("dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf");
    expect(withEvenGlyphLengths(dejaVu)).toBe(dejaVu);
  });
});

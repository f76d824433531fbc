import type { Font, GlyphRun } from "@pdf-lib/fontkit";
import { loadUnicodeFont, UNICODE_FONTS } from "@/lib/fill/pdf/unicode-font";
import { bidiLevels, isRightToLeft, mirrored, visualOrder } from "./bidi";
import type { PdfStreamWriter } from "./pdf-stream-writer";
import { SubsetFont } from "./subset-font";

/** One glyph as drawn: its subset id and advance in 1/1000 em. */
export interface PlacedGlyph {
  id: number;
  advance: number;
  /** The characters a glyph stands in for when no shipped font has them (emoji): kept as ActualText. */
  actualText?: string;
}

/** A line in visual order: runs of one font each, left to right, with the line's width in 1/1000 em. */
export interface ShapedLine {
  runs: { font: SubsetFont; glyphs: PlacedGlyph[] }[];
  width: number;
  rightToLeft: boolean;
}

/**
 * The shipped fonts (DejaVu Sans, then Noto Sans SC and KR for Chinese, Japanese and Korean) for one
 * PDF: each character is drawn with the first font that has it, so a line mixing scripts mixes
 * fonts; a font is embedded only once a character needs it. Lines are put in visual order (bidi)
 * and shaped by fontkit (OpenType: Arabic joining forms and ligatures, marks, kerning).
 */
export class ReportFonts {
  private readonly subsets = new Map<number, SubsetFont>();
  private readonly widthCache = new Map<string, number>();

  private constructor(
    private readonly writer: PdfStreamWriter,
    private readonly fonts: Font[],
  ) {}

  static async create(writer: PdfStreamWriter): Promise<ReportFonts> {
    const fonts = await Promise.all(UNICODE_FONTS.map(async (source) => (await loadUnicodeFont(source)).glyphs));
    return new ReportFonts(writer, fonts);
  }

  get used(): SubsetFont[] {
    return [...this.subsets.values()];
  }

  /** Width in 1/1000 em of a piece of a line (a word or a space), for wrapping; cached, as shaping is not cheap. */
  widthOf(text: string): number {
    let width = this.widthCache.get(text);
    if (width === undefined) {
      width = this.shape(text).width;
      // A report repeats its words; the cache stays bounded all the same.
      if (this.widthCache.size > 20_000) this.widthCache.clear();
      this.widthCache.set(text, width);
    }
    return width;
  }

  /** The line shaped and in visual order. */
  shape(text: string): ShapedLine {
    const allChars = [...text];
    const allCodePoints = allChars.map((char) => char.codePointAt(0)!);
    const rightToLeft = isRightToLeft(allCodePoints);
    // Levels come from the whole text, bidi controls included; then invisible format characters
    // (bidi controls and marks, zero-width space, soft hyphen), which have no glyph to draw, are left
    // out. The zero-width (non-)joiners stay, as they steer Arabic and Persian joining.
    const allLevels = bidiLevels(allCodePoints, rightToLeft ? 1 : 0);
    const drawn = allChars.flatMap((char, index) => (/(?![\u200c\u200d])\p{Cf}/u.test(char) ? [] : [index]));
    const chars = drawn.map((index) => allChars[index]);
    const codePoints = drawn.map((index) => allCodePoints[index]);
    const levels = drawn.map((index) => allLevels[index]);
    const fontIndexes = this.fontIndexesOf(codePoints);
    // Logical runs of one level and one font; shaping needs a run's whole context (Arabic joining).
    const runs: { level: number; font: number; start: number; end: number }[] = [];
    chars.forEach((_, index) => {
      const last = runs.at(-1);
      if (last && last.level === levels[index] && last.font === fontIndexes[index]) last.end = index + 1;
      else runs.push({ level: levels[index], font: fontIndexes[index], start: index, end: index + 1 });
    });
    const shaped = visualOrder(runs.map((run) => run.level)).map((runIndex) => {
      const run = runs[runIndex];
      const runChars = chars.slice(run.start, run.end);
      if (run.font < 0) return this.placeholders(runChars);
      const font = this.fonts[run.font];
      const rtl = run.level % 2 === 1;
      const layout = layoutRun(font, (rtl ? runChars.map(mirrored) : runChars).join(""), rtl);
      const subset = this.subsetFor(run.font);
      const glyphs = layout.glyphs.map((glyph, index) => {
        const position = layout.positions[index];
        return {
          id: subset.include(glyph, rtl ? rightToLeftText(glyph.codePoints) : undefined),
          advance: subset.toThousandths(position.xAdvance),
        };
      });
      return { font: subset, glyphs };
    });
    const width = shaped.reduce((sum, run) => sum + run.glyphs.reduce((runSum, glyph) => runSum + glyph.advance, 0), 0);
    return { runs: shaped, width, rightToLeft };
  }

  /** Characters no shipped font has (most emoji): DejaVu's replacement box each, with the character kept for extraction. */
  private placeholders(chars: string[]): { font: SubsetFont; glyphs: PlacedGlyph[] } {
    const subset = this.subsetFor(0);
    const id = subset.include(this.fonts[0].glyphForCodePoint(0xfffd), "\uFFFD");
    // One box per user-perceived character: a family emoji joined by ZWJs is one box, not five.
    const clusters = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(chars.join(""))];
    return {
      font: subset,
      glyphs: clusters.map(({ segment }) => ({
        id,
        advance: subset.widthOf(id),
        actualText: segment,
      })),
    };
  }

  private subsetFor(fontIndex: number): SubsetFont {
    let subset = this.subsets.get(fontIndex);
    if (!subset) {
      subset = new SubsetFont(this.writer, `F${this.subsets.size + 1}`, this.fonts[fontIndex]);
      this.subsets.set(fontIndex, subset);
    }
    return subset;
  }

  /**
   * Per character the first font with a glyph (-1: none has it). Spaces, punctuation and marks stay
   * with the font of the character before them when it has them, so runs are not broken needlessly.
   */
  private fontIndexesOf(codePoints: number[]): number[] {
    const indexes: number[] = [];
    codePoints.forEach((codePoint, index) => {
      const previous = index > 0 ? indexes[index - 1] : -1;
      const char = String.fromCodePoint(codePoint);
      const joins = /[\s\p{P}\p{M}\p{Zs}\u200c\u200d]/u.test(char);
      if (joins && previous >= 0 && this.fonts[previous].hasGlyphForCodePoint(codePoint)) {
        indexes.push(previous);
        return;
      }
      // Zero-width joiners and variation selectors have no glyph of their own: they stay with the character they modify.
      if (/[\u200d\ufe0e\ufe0f]/u.test(char) && index > 0) {
        indexes.push(previous);
        return;
      }
      indexes.push(this.fonts.findIndex((font) => font.hasGlyphForCodePoint(codePoint)));
    });
    return indexes;
  }
}

/**
 * What a glyph drawn right to left stands for, as readers want it: they put a right-to-left line's
 * characters back in logical order one by one, so a ligature of several (Arabic lam-alef) must map
 * to them reversed, or "لا" would read back as "ال".
 */
function rightToLeftText(codePoints: number[]): string | undefined {
  return codePoints.length > 1 ? String.fromCodePoint(...codePoints.toReversed()) : undefined;
}

/** fontkit's layout with the direction given (its typings omit the script, language and direction parameters). */
function layoutRun(font: Font, text: string, rightToLeft: boolean): GlyphRun {
  const layout = font.layout.bind(font) as unknown as (
    text: string,
    features: string[],
    script: string | undefined,
    language: string | undefined,
    direction: "ltr" | "rtl",
  ) => GlyphRun;
  return layout(text, [], undefined, undefined, rightToLeft ? "rtl" : "ltr");
}

import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";

// pdfjs's text content gives runs of text with a start point and a total width, not where each
// character sits. Sharing a run's width out by character count puts word edges mid-letter in a
// proportional font (ACM|E). The operator list holds every glyph shown, with its advance from the
// font's own widths (Type 3 fonts included, through their font matrix), the spacing operators and
// the TJ adjustments, in the order the text content was built from. Walking it gives each glyph's
// advance in units of the font size, which is what a run's characters are measured with.

/** One shown glyph: its text and its advance along the baseline, in font-size units (spacing included). */
export interface GlyphAdvance {
  text: string;
  advance: number;
  /** Space before the glyph (TJ adjustments), in font-size units. */
  before: number;
  isSpace: boolean;
}

interface ShownGlyph {
  unicode: string;
  width: number;
  isSpace: boolean;
}

type OpsTable = Record<string, number>;

const fontIdentityScale = 0.001;

export interface PageGlyphs {
  glyphs: GlyphAdvance[];
  /** Fonts (by pdfjs's loaded name) the file does not embed: drawn from the standard 14, measured by their metrics. */
  unembedded: Set<string>;
  /** Ascent and descent (font-size units) of Type 3 fonts, from their glyph box: they carry no other metrics. */
  type3Metrics: Map<string, { ascent: number; descent: number }>;
  /** Each font's box (its descriptor's FontBBox, the one thing pdfjs tells of it that the file states), by pdfjs's loaded name. */
  fontBoxes: Map<string, number[]>;
}

interface LoadedFont {
  fontMatrix?: number[];
  bbox?: number[];
  isType3Font?: boolean;
}

/** Every glyph the page shows, in content-stream order. */
export async function readGlyphAdvances(page: PDFPageProxy, ops: OpsTable): Promise<PageGlyphs> {
  const list = await page.getOperatorList();
  const glyphs: GlyphAdvance[] = [];
  const unembedded = new Set<string>();
  const type3Metrics = new Map<string, { ascent: number; descent: number }>();
  const fontBoxes = new Map<string, number[]>();
  let fontSize = 1;
  let fontScale = fontIdentityScale;
  let charSpacing = 0;
  let wordSpacing = 0;
  for (let index = 0; index < list.fnArray.length; index++) {
    const fn = list.fnArray[index];
    const args = list.argsArray[index] as unknown[];
    if (fn === ops.setFont) {
      const [loadedName, size] = args as [string, number];
      fontSize = Math.abs(size) || 1;
      const font = page.commonObjs.has(loadedName) ? (page.commonObjs.get(loadedName) as LoadedFont) : undefined;
      fontScale = font?.fontMatrix?.[0] ?? fontIdentityScale;
      if (font?.bbox) fontBoxes.set(loadedName, font.bbox);
      // No font box means no font descriptor: one of the standard 14, which the file only names.
      if (font && !font.bbox && !font.fontMatrix) unembedded.add(loadedName);
      if (font?.isType3Font && font.bbox && font.fontMatrix) {
        const [, bottom, , top] = font.bbox;
        type3Metrics.set(loadedName, {
          ascent: top * font.fontMatrix[3],
          descent: Math.min(0, bottom * font.fontMatrix[3]),
        });
      }
    } else if (fn === ops.setCharSpacing) {
      charSpacing = args[0] as number;
    } else if (fn === ops.setWordSpacing) {
      wordSpacing = args[0] as number;
    } else if (fn === ops.showText) {
      let before = 0;
      for (const glyph of args[0] as Array<ShownGlyph | number | null>) {
        if (typeof glyph === "number") {
          before -= glyph / 1000;
          continue;
        }
        if (!glyph) continue;
        const spacing = (glyph.isSpace ? wordSpacing : 0) + charSpacing;
        glyphs.push({
          text: glyph.unicode.normalize("NFKC"),
          advance: glyph.width * fontScale + spacing / fontSize,
          before,
          // pdfjs marks char code 32 as a space, but a subset font may draw another glyph there
          // (LibreOffice's subsets put "." at 32): the character decides.
          isSpace: glyph.unicode.trim() === "",
        });
        before = 0;
      }
    }
  }
  return { glyphs, unembedded, type3Metrics, fontBoxes };
}

/** A character of a run with its start and end along the baseline, in font-size units from the run's start. */
export interface PlacedCharacter {
  start: number;
  end: number;
}

/** How far past the cursor a run's first glyph is looked for: runs pdfjs skipped (empty marked content) leave glyphs behind. */
const searchWindow = 400;

/**
 * Places the non-space characters of a run by the glyphs that drew them, consuming glyphs from
 * `cursor` on; undefined when the glyphs do not spell the run (the caller then shares the width
 * out by character count). A few disagreements are repaired on the way, as PDF writers and pdfjs
 * differ here and there (a character in the text with no glyph of its own is placed where the next
 * glyph starts; a glyph with no character is stepped over), one in twenty characters at most.
 */
export function placeRun(
  runText: string,
  glyphs: GlyphAdvance[],
  cursor: { next: number },
): Map<number, PlacedCharacter> | undefined {
  const wanted = [...runText]
    .map((character, index) => ({ character, index }))
    .filter(({ character }) => character.trim() !== "");
  if (wanted.length === 0) return new Map();
  const allowedRepairs = Math.floor(wanted.length / 20);
  for (let start = cursor.next; start < Math.min(glyphs.length, cursor.next + searchWindow); start++) {
    if (glyphs[start].isSpace || !glyphs[start].text.startsWith(wanted[0].character)) continue;
    const placed = placeFrom(wanted, glyphs, start, allowedRepairs);
    if (placed) {
      cursor.next = placed.next;
      return placed.characters;
    }
  }
  return undefined;
}

function placeFrom(
  wanted: Array<{ character: string; index: number }>,
  glyphs: GlyphAdvance[],
  start: number,
  allowedRepairs: number,
): { characters: Map<number, PlacedCharacter>; next: number } | undefined {
  const characters = new Map<number, PlacedCharacter>();
  let repairs = 0;
  let position = 0;
  let want = 0;
  let at = start;
  for (; at < glyphs.length && want < wanted.length; at++) {
    const glyph = glyphs[at];
    if (at > start) position += glyph.before;
    if (!glyph.isSpace) {
      // A ligature glyph ("ﬁ" → "fi") places each of its characters over its share of the advance.
      const parts = [...glyph.text];
      const share = glyph.advance / Math.max(1, parts.length);
      for (let offset = 0; offset < parts.length && want < wanted.length;) {
        if (wanted[want].character === parts[offset]) {
          characters.set(wanted[want].index, {
            start: position + offset * share,
            end: position + (offset + 1) * share,
          });
          want++;
          offset++;
          continue;
        }
        if (++repairs > allowedRepairs) return undefined;
        if (wanted[want + 1]?.character === parts[offset]) {
          // The text has a character no glyph drew: it takes no width.
          characters.set(wanted[want].index, { start: position + offset * share, end: position + offset * share });
          want++;
        } else {
          // A glyph (or part of one) that is not in the text.
          break;
        }
      }
    }
    position += glyph.advance;
  }
  return want === wanted.length ? { characters, next: at } : undefined;
}

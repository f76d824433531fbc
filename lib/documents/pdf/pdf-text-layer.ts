import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { clampBox, layoutFromWords, type AssembledLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { fontBoxKey, type VerticalMetrics } from "./font-descriptor-metrics";
import { placeRun, readGlyphAdvances, type GlyphAdvance, type PlacedCharacter } from "./glyph-advances";

// pdfjs gives text runs (often several words) with a transform and a total width; words are cut
// from each run where its glyphs put them (glyph-advances.ts), spanning the font's ascent to its
// descent as readers take them (font-descriptor-metrics.ts), and runs that continue a word (kerning splits) are joined. Text turned on the page gets
// the bound of its turned rectangle and keeps the turn as the word's angle.

interface PositionedWord {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  angle: number;
}

interface FontStyle {
  fontFamily: string;
  ascent: number;
  descent: number;
  vertical: boolean;
}

/**
 * Ascent and descent of the standard 14 fonts (their AFM files), for fonts the PDF names but does
 * not embed when the descriptors could not be read: pdfjs substitutes another font whose metrics
 * differ, while readers measure the named one.
 */
const standardMetrics: Record<string, { ascent: number; descent: number }> = {
  serif: { ascent: 0.683, descent: -0.217 },
  monospace: { ascent: 0.629, descent: -0.157 },
  "sans-serif": { ascent: 0.718, descent: -0.207 },
};

function verticalMetrics(style: FontStyle | undefined, unembedded: boolean): { ascent: number; descent: number } {
  const standard = standardMetrics[style?.fontFamily ?? ""] ?? standardMetrics["sans-serif"];
  if (unembedded || !style) return standard;
  return {
    ascent: Number.isFinite(style.ascent) && style.ascent > 0 ? style.ascent : standard.ascent,
    descent: Number.isFinite(style.descent) && style.descent < 0 ? style.descent : standard.descent,
  };
}

/** Each non-space character's start and end along the run's baseline, in user-space units. */
function characterSpans(
  item: TextItem,
  glyphs: GlyphAdvance[],
  cursor: { next: number },
): Array<PlacedCharacter | undefined> {
  const characters = [...item.str];
  const fontUnit = Math.hypot(item.transform[0], item.transform[1]);
  const placed = placeRun(item.str, glyphs, cursor);
  if (placed && placed.size > 0 && fontUnit > 0) {
    const spans = characters.map((_, index) => placed.get(index));
    const last = Math.max(...[...placed.values()].map((span) => span.end));
    // The run's width is exact; a small disagreement (moves inside a run) is shared out evenly.
    const fit = last > 0 && item.width > 0 ? item.width / (last * fontUnit) : 1;
    const scale = fontUnit * (fit > 0.8 && fit < 1.25 ? fit : 1);
    return spans.map((span) => span && { start: span.start * scale, end: span.end * scale });
  }
  const width = characters.length > 0 ? item.width / characters.length : 0;
  return characters.map((_, index) => ({ start: index * width, end: (index + 1) * width }));
}

function splitRun(
  item: TextItem,
  metrics: { ascent: number; descent: number },
  spans: Array<PlacedCharacter | undefined>,
  viewportTransform: number[],
  multiply: (a: number[], b: number[]) => number[],
): PositionedWord[] {
  const [a, b, c, d, x, y] = multiply(viewportTransform, item.transform);
  const fontHeight = Math.hypot(c, d) || item.height;
  const scale = Math.hypot(viewportTransform[0], viewportTransform[1]);
  const along = Math.hypot(a, b) || 1;
  const [ux, uy] = [a / along, b / along];
  // "Up" on the page is against the run's y axis as the viewport draws it.
  const upLength = Math.hypot(c, d) || 1;
  const [vx, vy] = [c / upLength, d / upLength];
  const { ascent, descent } = metrics;
  const angle = Math.round(((Math.atan2(b, a) * 180) / Math.PI) * 10) / 10;
  const characters = [...item.str];
  const words: PositionedWord[] = [];
  let index = 0;
  while (index < characters.length) {
    if (characters[index].trim() === "") {
      index++;
      continue;
    }
    const first = index;
    while (index < characters.length && characters[index].trim() !== "") index++;
    // Plain loops: a 50-page text PDF has ~35,000 words, and this runs once per word.
    let start = Infinity;
    let end = -Infinity;
    for (let at = first; at < index; at++) {
      const span = spans[at];
      if (!span) continue;
      if (span.start < start) start = span.start;
      if (span.end > end) end = span.end;
    }
    if (start === Infinity) continue;
    [start, end] = [start * scale, end * scale];
    let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const offset of [start, end]) {
      for (const height of [ascent, descent]) {
        const cx = x + ux * offset + vx * height * fontHeight;
        const cy = y + uy * offset + vy * height * fontHeight;
        left = Math.min(left, cx);
        right = Math.max(right, cx);
        top = Math.min(top, cy);
        bottom = Math.max(bottom, cy);
      }
    }
    words.push({
      text: characters.slice(first, index).join(""),
      left,
      right,
      top,
      bottom,
      angle: angle === 0 ? 0 : angle,
    });
  }
  return words;
}

export interface PdfTextLayer extends AssembledLayout {
  width: number;
  height: number;
}

/**
 * The page's words with their boxes. `descriptorMetrics` (by font box, see fontBoxKey) are the fonts' ascents and
 * descents as readers take them; without them (a file pdf-lib cannot parse), pdfjs's are used.
 */
export async function readPdfTextLayer({
  page,
  multiply,
  ops,
  descriptorMetrics = async () => new Map(),
}: {
  page: PDFPageProxy;
  /** pdf.js's matrix product (Util.transform). */
  multiply: (a: number[], b: number[]) => number[];
  /** pdf.js's operator codes (OPS). */
  ops: Record<string, number>;
  /** The fonts' ascents and descents from their descriptors, read once when a page has text. */
  descriptorMetrics?: () => Promise<Map<string, VerticalMetrics>>;
}): Promise<PdfTextLayer> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const styles = content.styles as Record<string, FontStyle>;
  const hasText = content.items.some((item) => "str" in item && item.str.trim() !== "");
  const { glyphs, unembedded, type3Metrics, fontBoxes } = hasText
    ? await readGlyphAdvances(page, ops)
    : { glyphs: [], unembedded: new Set<string>(), type3Metrics: new Map(), fontBoxes: new Map<string, number[]>() };
  // Descriptors are read (pdf-lib parses the whole file) only for fonts that have one beyond a standard font.
  const embedsFonts = [...fontBoxes.keys()].some((name) => !unembedded.has(name) && !type3Metrics.has(name));
  const described = embedsFonts ? await descriptorMetrics() : new Map<string, VerticalMetrics>();
  const describedMetrics = (loadedName: string) => {
    const box = fontBoxes.get(loadedName);
    return box && !unembedded.has(loadedName) ? described.get(fontBoxKey(box)) : undefined;
  };
  const cursor = { next: 0 };
  const positioned: PositionedWord[] = [];
  let previousEndedWithSpace = true;
  for (const item of content.items) {
    if (!("str" in item) || item.str.trim() === "") {
      previousEndedWithSpace = true;
      continue;
    }
    const metrics =
      type3Metrics.get(item.fontName) ??
      describedMetrics(item.fontName) ??
      verticalMetrics(styles[item.fontName], unembedded.has(item.fontName));
    const words = splitRun(item, metrics, characterSpans(item, glyphs, cursor), viewport.transform, multiply);
    if (words.length === 0) {
      previousEndedWithSpace = true;
      continue;
    }
    const first = words[0];
    const previous = positioned.at(-1);
    const continues =
      previous &&
      !previousEndedWithSpace &&
      !/^\s/.test(item.str) &&
      first.angle === 0 &&
      previous.angle === 0 &&
      Math.abs(first.bottom - previous.bottom) < (previous.bottom - previous.top) * 0.3 &&
      first.left - previous.right < (previous.bottom - previous.top) * 0.15 &&
      first.left >= previous.left;
    if (continues && previous) {
      previous.text += first.text;
      previous.right = Math.max(previous.right, first.right);
      previous.top = Math.min(previous.top, first.top);
      previous.bottom = Math.max(previous.bottom, first.bottom);
      words.shift();
    }
    positioned.push(...words);
    previousEndedWithSpace = /\s$/.test(item.str) || Boolean(item.hasEOL);
  }
  const words: Word[] = positioned.map((word) => ({
    text: word.text,
    confidence: 1,
    ...(word.angle !== 0 ? { angle: word.angle } : {}),
    box: clampBox({
      x: word.left / viewport.width,
      y: word.top / viewport.height,
      width: (word.right - word.left) / viewport.width,
      height: (word.bottom - word.top) / viewport.height,
    }),
  }));
  return { ...layoutFromWords(words), width: viewport.width, height: viewport.height };
}

/** A text layer worth using: enough letters or digits, not a font-encoding mess. */
export function isUsableTextLayer(text: string): boolean {
  const compact = text.replace(/\s+/g, "");
  if (compact.length < 8) return false;
  const readable = (compact.match(/[\p{L}\p{N}\p{P}\p{S}]/gu) ?? []).length;
  return readable / compact.length > 0.9;
}

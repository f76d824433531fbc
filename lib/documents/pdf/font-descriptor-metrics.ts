import { PDFArray, PDFDict, PDFName, PDFNumber, type PDFDocument } from "pdf-lib";

// A word's height is its font's ascent to its descent. PDF readers take them from the font
// descriptor (/Ascent, /Descent), not from the embedded font file, and many writers leave those
// empty: LibreOffice writes /Ascent 0 /Descent 0 for every font it embeds. Poppler (evince, okular,
// pdftotext) then falls back to fixed proportions of the font size (0.95 above the baseline, 0.35
// below), or to the metrics of a standard font the name stands for; it ignores a negative ascent's
// or a positive descent's sign, and values of 3 font sizes or more. pdfjs instead reads the
// embedded file's own metrics, so a LibreOffice word box was a fifth shorter than the one a reader
// highlights. This reads every font's descriptor the same way poppler does.

export interface VerticalMetrics {
  /** Above the baseline, in font-size units (positive). */
  ascent: number;
  /** Below the baseline, in font-size units (negative). */
  descent: number;
}

/** What poppler assumes for a font whose descriptor gives no usable ascent or descent. */
const unknownFontMetrics: VerticalMetrics = { ascent: 0.95, descent: -0.35 };

/** The standard fonts' metrics (their AFM files), for the names readers take as one of them. */
const standardFamilies: Array<{ name: RegExp; metrics: VerticalMetrics }> = [
  { name: /^(Arial|Helvetica)([,-].*)?$/, metrics: { ascent: 0.718, descent: -0.207 } },
  { name: /^(Courier|CourierNew)([,-].*)?$/, metrics: { ascent: 0.629, descent: -0.157 } },
  { name: /^(Times|TimesNewRoman|TimesNewRomanPS)([,-].*)?$/, metrics: { ascent: 0.683, descent: -0.217 } },
];

/** Metrics of the standard font a (space-free, untagged) name stands for. A subset tag (ABCDEF+) names no standard font. */
function standardMetricsOf(baseFont: string): VerticalMetrics | undefined {
  const name = baseFont.replace(/ /g, "");
  return standardFamilies.find((family) => family.name.test(name))?.metrics;
}

/** A descriptor value in font-size units, if usable: zero (unset) and 3 font sizes or more (nonsense) are not. */
function usable(value: number | undefined, sign: 1 | -1): number | undefined {
  if (value === undefined || !Number.isFinite(value)) return undefined;
  const size = Math.abs(value) / 1000;
  return size !== 0 && size < 3 ? sign * size : undefined;
}

function lookupDict(dict: PDFDict, key: string): PDFDict | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFDict ? value : undefined;
}

function lookupNumber(dict: PDFDict, key: string): number | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** A font's ascent and descent as poppler takes them; undefined for a Type 3 font (its glyphs' box is used). */
export function fontDictMetrics(font: PDFDict): VerticalMetrics | undefined {
  const subtype = font.lookup(PDFName.of("Subtype"));
  if (subtype === PDFName.of("Type3")) return undefined;
  const baseFont = font.lookup(PDFName.of("BaseFont"));
  const standard = baseFont instanceof PDFName ? standardMetricsOf(baseFont.decodeText()) : undefined;
  const descriptor = descriptorOf(font);
  const embedded = ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor?.has(PDFName.of(key)));
  // A standard font the file does not embed is drawn, and measured, as the standard one.
  if (standard && !embedded) return standard;
  const fallback = standard ?? unknownFontMetrics;
  return {
    ascent: usable(descriptor && lookupNumber(descriptor, "Ascent"), 1) ?? fallback.ascent,
    descent: usable(descriptor && lookupNumber(descriptor, "Descent"), -1) ?? fallback.descent,
  };
}

function descriptorOf(font: PDFDict): PDFDict | undefined {
  // A composite font's descriptor is its descendant's.
  const descendants = font.lookup(PDFName.of("DescendantFonts"));
  const descendant = descendants instanceof PDFArray ? descendants.lookup(0) : undefined;
  return lookupDict(descendant instanceof PDFDict ? descendant : font, "FontDescriptor");
}

/**
 * What pdfjs tells of a loaded font that the file states is its box (the descriptor's FontBBox,
 * normalised, in 16-bit integers): fonts are matched to their descriptors by it.
 */
export function fontBoxKey(box: number[]): string {
  const [x0, y0, x1, y1] = box.map((value) => (Math.trunc(value) << 16) >> 16);
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)].join(" ");
}

function boxOf(font: PDFDict): number[] | undefined {
  const box = descriptorOf(font)?.lookup(PDFName.of("FontBBox"));
  if (!(box instanceof PDFArray) || box.size() !== 4) return undefined;
  const values = box.asArray().map((value) => (value instanceof PDFNumber ? value.asNumber() : Number.NaN));
  return values.every(Number.isFinite) ? values : undefined;
}

/**
 * Every font of the document by its box (fontBoxKey), with its ascent and descent as readers take
 * them. A box two fonts share with different metrics is left out (the caller keeps pdfjs's there).
 */
export function readFontDescriptorMetrics(document: PDFDocument): Map<string, VerticalMetrics> {
  const metrics = new Map<string, VerticalMetrics>();
  const ambiguous = new Set<string>();
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.lookup(PDFName.of("Type")) !== PDFName.of("Font")) continue;
    const found = fontDictMetrics(object);
    if (!found) continue;
    const box = boxOf(object);
    if (!box) continue;
    const key = fontBoxKey(box);
    if (ambiguous.has(key)) continue;
    const known = metrics.get(key);
    if (known && (known.ascent !== found.ascent || known.descent !== found.descent)) {
      metrics.delete(key);
      ambiguous.add(key);
    } else metrics.set(key, found);
  }
  return metrics;
}

import { PDFDocument, type PDFDict } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { fontBoxKey, fontDictMetrics, readFontDescriptorMetrics } from "./font-descriptor-metrics";

// Fonts' ascents and descents as PDF readers take them from the descriptor: its own values when
// usable, else the proportions poppler falls back to (or a standard font's, for a standard name).

function font(
  document: PDFDocument,
  options: { baseFont: string; descriptor?: Record<string, unknown>; subtype?: string; embedded?: boolean },
): PDFDict {
  const context = document.context;
  const descriptor =
    options.descriptor &&
    context.obj({
      Type: "FontDescriptor",
      FontName: options.baseFont,
      ...options.descriptor,
      ...(options.embedded === false ? {} : { FontFile2: context.register(context.stream("font bytes")) }),
    });
  const dict = context.obj({
    Type: "Font",
    Subtype: options.subtype ?? "TrueType",
    BaseFont: options.baseFont,
    ...(descriptor ? { FontDescriptor: context.register(descriptor) } : {}),
  });
  context.register(dict);
  return dict;
}

describe("font descriptor metrics", () => {
  it("take the descriptor's ascent and descent when they are usable", async () => {
    const document = await PDFDocument.create();
    const metrics = fontDictMetrics(
      font(document, { baseFont: "ABCDEF+Inter", descriptor: { Ascent: 969, Descent: -242, FontBBox: [0, 0, 1, 1] } }),
    );
    expect(metrics).toEqual({ ascent: 0.969, descent: -0.242 });
  });

  it("fall back as readers do where they are zero, missing, of the wrong sign or absurd", async () => {
    const document = await PDFDocument.create();
    // LibreOffice's: both zero.
    expect(
      fontDictMetrics(font(document, { baseFont: "BAAAAA+LiberationSerif", descriptor: { Ascent: 0, Descent: 0 } })),
    ).toEqual({
      ascent: 0.95,
      descent: -0.35,
    });
    // A descent written positive, an ascent of 32768.
    expect(
      fontDictMetrics(font(document, { baseFont: "CAAAAA+Font", descriptor: { Ascent: 32768, Descent: 212 } })),
    ).toEqual({
      ascent: 0.95,
      descent: -0.212,
    });
    expect(fontDictMetrics(font(document, { baseFont: "DAAAAA+Font", descriptor: { Ascent: -800 } }))).toEqual({
      ascent: 0.8,
      descent: -0.35,
    });
    // An embedded font named as a standard one falls back to that font's metrics.
    expect(
      fontDictMetrics(font(document, { baseFont: "Arial-BoldMT", descriptor: { Ascent: 0, Descent: 0 } })),
    ).toEqual({
      ascent: 0.718,
      descent: -0.207,
    });
  });

  it("measure a standard font the file does not embed as the standard one, whatever its descriptor says", async () => {
    const document = await PDFDocument.create();
    const times = font(document, {
      baseFont: "Times New Roman",
      descriptor: { Ascent: 891, Descent: -216 },
      embedded: false,
    });
    expect(fontDictMetrics(times)).toEqual({ ascent: 0.683, descent: -0.217 });
    expect(fontDictMetrics(font(document, { baseFont: "Courier" }))).toEqual({ ascent: 0.629, descent: -0.157 });
  });

  it("leave Type 3 fonts to their glyphs' box", async () => {
    const document = await PDFDocument.create();
    expect(fontDictMetrics(font(document, { baseFont: "T3", subtype: "Type3" }))).toBeUndefined();
  });

  it("index fonts by their box, and leave out a box two fonts with different metrics share", async () => {
    const document = await PDFDocument.create();
    font(document, {
      baseFont: "AAAAAA+One",
      descriptor: { Ascent: 900, Descent: -200, FontBBox: [-50, -200, 1000, 900] },
    });
    font(document, {
      baseFont: "BAAAAA+Two",
      descriptor: { Ascent: 0, Descent: 0, FontBBox: [-543, -303, 1277, 981] },
    });
    font(document, {
      baseFont: "CAAAAA+Three",
      descriptor: { Ascent: 0, Descent: 0, FontBBox: [-543, -303, 1277, 981] },
    });
    font(document, {
      baseFont: "DAAAAA+Four",
      descriptor: { Ascent: 700, Descent: -300, FontBBox: [0, -300, 500, 700] },
    });
    font(document, {
      baseFont: "EAAAAA+Five",
      descriptor: { Ascent: 750, Descent: -300, FontBBox: [0, -300, 500, 700] },
    });
    const metrics = readFontDescriptorMetrics(document);
    expect(metrics.get(fontBoxKey([-50, -200, 1000, 900]))).toEqual({ ascent: 0.9, descent: -0.2 });
    // pdfjs reports boxes as 16-bit integers, normalised.
    expect(metrics.get(fontBoxKey([1277.4, 981, -543, -303]))).toEqual({ ascent: 0.95, descent: -0.35 });
    expect(metrics.has(fontBoxKey([0, -300, 500, 700]))).toBe(false);
  });
});

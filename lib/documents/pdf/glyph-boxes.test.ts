import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareBoxes, pdftotextWords } from "../testing/box-agreement";
import { makeMixedFontPdf, makeSubsetCodesPdf, makeType3FontPdf } from "../testing/make-glyph-pdfs";
import { makeTextPdf } from "../testing/make-pdfs";
import { makeDocx } from "../testing/make-office-files";
import { proseLines } from "../testing/render-text-image";
import { convertWithLibreOffice, findSoffice } from "../office/convert-with-libreoffice";
import { readDocument } from "../read-document";

// Word boxes of text-layer PDFs against poppler's own (`pdftotext -bbox`), computed independently
// from the same file: proportional, monospaced, embedded and Type 3 fonts, and text turned 90°.

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "glyph-boxes-"));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function agreement(pdf: Buffer, name: string) {
  const file = path.join(folder, name);
  await writeFile(file, pdf);
  const {
    pages: [page],
  } = await readDocument({ bytes: pdf });
  const reference = await pdftotextWords(file, 1);
  return { page, reference, figures: compareBoxes(reference, page.words, page.height / page.width) };
}

describe("text-layer word boxes", () => {
  it("match pdftotext's for several fonts, narrow and wide letters, and a line turned 90°", async () => {
    const { page, figures } = await agreement(await makeMixedFontPdf(), "mixed.pdf");
    // The 30° stamp is left out: poppler cuts it into letter pairs, so it has no words to pair with.
    expect(figures.pairs).toBeGreaterThanOrEqual(43);
    expect(figures.meanIou).toBeGreaterThanOrEqual(0.95);
    expect(figures.medianHorizontalOffset).toBeLessThanOrEqual(0.05);
    const turned = page.words.find((word) => word.text === "Rotated");
    expect(turned?.angle).toBe(-90);
    expect(turned!.box.height).toBeGreaterThan(turned!.box.width);
    const stamp = page.words.find((word) => word.text === "APPROVED");
    expect(stamp?.angle).toBeCloseTo(-30, 0);
  });

  it("match pdftotext's in a Type 3 font whose glyph widths differ fourfold", async () => {
    const { page, figures } = await agreement(makeType3FontPdf(), "type3.pdf");
    expect(page.text).toContain("wall mill iiii wwww ill will");
    // The glyphs stand 700 units of a 0.002 font matrix at 12 pt on the baseline (792 - 700 pt).
    const wall = page.words.find((word) => word.text === "wall")!;
    expect((wall.box.y + wall.box.height) * 792).toBeCloseTo(92, 0);
    expect(wall.box.height * 792).toBeCloseTo(16.8, 0);
    expect(figures.pairs).toBe(9);
    expect(figures.medianHorizontalOffset).toBeLessThanOrEqual(0.05);
    // Horizontally exact: every word's left and right edge within 2% of its width of poppler's.
    // (Heights differ by design: poppler's Type 3 heights are not its glyphs'; ours span the font's glyph box.)
    const reference = await pdftotextWords(path.join(folder, "type3.pdf"), 1);
    for (const word of reference) {
      const found = page.words.find(
        (candidate) =>
          candidate.text === word.text &&
          Math.abs(candidate.box.y + candidate.box.height - word.box.y - word.box.height) < 0.03,
      );
      expect(Math.abs(found!.box.x - word.box.x)).toBeLessThan(word.box.width * 0.02);
      expect(Math.abs(found!.box.x + found!.box.width - word.box.x - word.box.width)).toBeLessThan(
        word.box.width * 0.02,
      );
    }
  });

  it("take the character, not character code 32, for a space (font subsets put other glyphs there)", async () => {
    const { page, figures } = await agreement(makeSubsetCodesPdf(), "subset-codes.pdf");
    expect(page.text).toContain("wall mill will. iiii wwww.");
    expect(figures.pairs).toBe(5);
    expect(figures.medianHorizontalOffset).toBeLessThanOrEqual(0.05);
  });

  it("cut words where their glyphs are, not by character count (Helvetica)", async () => {
    const { figures } = await agreement(
      await makeTextPdf([["ACME SUPPLY illicit WWW iiii MMM lll 4,209.00"]]),
      "helvetica.pdf",
    );
    expect(figures.meanIou).toBeGreaterThanOrEqual(0.95);
    expect(figures.medianHorizontalOffset).toBeLessThanOrEqual(0.05);
  });

  it.runIf(Boolean(findSoffice()))(
    "match pdftotext's in a PDF LibreOffice printed (every glyph placed on its own, descriptors without ascent or descent)",
    async () => {
      const docx = await makeDocx({
        heading: "Quarterly Report",
        paragraphs: proseLines(12, 90, 4),
        table: [
          ["Item", "Amount"],
          ["Paper", "12.50"],
        ],
      });
      const pdf = await convertWithLibreOffice(docx, { inputExtension: "docx", target: "pdf", formatName: "DOCX" });
      const { figures } = await agreement(pdf, "libreoffice.pdf");
      expect(figures.pairs).toBe(figures.referenceWords);
      expect(figures.medianHorizontalOffset).toBeLessThanOrEqual(0.05);
      // LibreOffice writes /Ascent 0 /Descent 0: heights are the proportions readers fall back to,
      // not the embedded font's own (which made boxes a fifth shorter than a reader's, IoU 0.85).
      expect(figures.meanIou).toBeGreaterThanOrEqual(0.95);
    },
  );
});

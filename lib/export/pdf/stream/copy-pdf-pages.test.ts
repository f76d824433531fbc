import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fontkit from "@pdf-lib/fontkit";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNull, PDFString, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { openPdf } from "@/lib/documents/pdf/load-pdf";
import { pdfToText } from "../../testing/read-back";
import { PdfPageCopier } from "./copy-pdf-pages";
import { StreamedPdf } from "./streamed-pdf";
import { textOperators } from "./text-operators";

const run = promisify(execFile);

/** A digital PDF whose pages all draw their lines in one embedded TrueType font (DejaVu Sans). */
async function embeddedFontPdf(pages: string[][]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const font = await document.embedFont(
    await readFile(path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf")),
  );
  for (const lines of pages) {
    const page = document.addPage([595, 842]);
    lines.forEach((line, index) => page.drawText(line, { x: 60, y: 760 - index * 18, size: 12, font }));
  }
  return document.save();
}

/** Every page's text as pdf.js reads it, in page order. */
async function pdfjsPages(bytes: Uint8Array): Promise<string[]> {
  const document = await openPdf(Buffer.from(bytes));
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.loadingTask.destroy();
  return pages;
}

/** The font objects poppler's pdffonts finds in the file (one row per distinct font object). */
async function fontRows(bytes: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), "docsvc-copy-"));
  try {
    await writeFile(path.join(dir, "out.pdf"), bytes);
    const { stdout } = await run("pdffonts", [path.join(dir, "out.pdf")]);
    return stdout.trim().split("\n").slice(2);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A streamed PDF holding, in order, copies of the sources' pages and drawn notes ("note: …"). */
async function streamPages(parts: ({ source: Uint8Array; pages: number[] } | { note: string })[]): Promise<Buffer> {
  const pdf = await StreamedPdf.create("Copies");
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    if ("note" in part) {
      pdf.addPage(
        { width: 300, height: 200 },
        textOperators(pdf.fonts.shape(part.note), { matrix: [1, 0, 0, 1, 20, 100], size: 12 }),
      );
      chunks.push(...pdf.drain());
      continue;
    }
    const copier = (await PdfPageCopier.open(part.source, pdf.writer))!;
    for (const index of part.pages) {
      pdf.copyPage(copier, index);
      chunks.push(...pdf.drain());
    }
    copier.finish();
  }
  chunks.push(...(await pdf.finish()));
  return Buffer.concat(chunks);
}

describe("copying digital PDF pages into the streamed PDF", () => {
  it("copies 200 pages with one embedded font: text and order kept, the font written once, the size near the input's", async () => {
    const lines = (page: number) => [`Statement page ${page}`, `Balance carried: ${page * 17}.25 EUR`];
    const source = await embeddedFontPdf(Array.from({ length: 200 }, (_, index) => lines(index + 1)));
    const output = await streamPages([{ source, pages: Array.from({ length: 200 }, (_, index) => index) }]);

    const pages = (await pdfToText(output)).split("\f").slice(0, -1);
    expect(pages).toHaveLength(200);
    pages.forEach((text, index) =>
      expect(text).toContain(`Statement page ${index + 1}\nBalance carried: ${(index + 1) * 17}.25 EUR`),
    );
    const read = await pdfjsPages(output);
    expect(read).toHaveLength(200);
    expect(read[136]).toContain("Statement page 137");
    // One font object (and one embedded font file) however many pages use it.
    expect(await fontRows(output)).toHaveLength(1);
    const descriptors = (await PDFDocument.load(output)).context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFDict && object.has(PDFName.of("FontFile2")));
    expect(descriptors).toHaveLength(1);
    // Each page's content stream as it was, the small objects compressed together as in the source.
    expect(output.byteLength).toBeLessThan(source.byteLength * 1.1);
  });

  it("keeps what pages inherit from their page tree, mixes copies of several PDFs with drawn pages, and links stay valid", async () => {
    const first = await PDFDocument.create();
    const helvetica = await first.embedFont(StandardFonts.Helvetica);
    for (const label of ["Alpha one", "Alpha two", "Alpha three"]) {
      first.addPage([400, 300]).drawText(label, { x: 40, y: 200, size: 14, font: helvetica });
    }
    // Move Resources and MediaBox up to the page tree, as many producers write them.
    const tree = first.catalog.Pages();
    const pages = first.getPages();
    tree.set(PDFName.of("Resources"), pages[0].node.get(PDFName.of("Resources"))!);
    tree.set(PDFName.of("MediaBox"), first.context.obj([0, 0, 400, 300]));
    for (const page of pages) {
      page.node.delete(PDFName.of("Resources"));
      page.node.delete(PDFName.of("MediaBox"));
    }
    // Page 1 links to page 3 (copied) and to page 2 (not copied).
    const link = (target: number) =>
      first.context.register(
        first.context.obj({
          Type: "Annot",
          Subtype: "Link",
          Rect: [40, 40, 140, 60],
          Dest: [pages[target].ref, "Fit"],
        }),
      );
    pages[0].node.set(PDFName.of("Annots"), first.context.obj([link(2), link(1)]));
    pages[0].node.set(PDFName.of("Title"), PDFString.of("kept"));
    const second = await embeddedFontPdf([["Beta one"], ["Beta two"]]);

    const output = await streamPages([
      { source: await first.save({ useObjectStreams: false }), pages: [0, 2] },
      { note: "drawn" },
      { source: second, pages: [1, 0] },
    ]);

    const read = await pdfjsPages(output);
    expect(read.map((text) => text.trim())).toEqual(["Alpha one", "Alpha three", "drawn", "Beta two", "Beta one"]);
    const copy = await PDFDocument.load(output);
    expect(copy.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
      [400, 300],
      [400, 300],
      [300, 200],
      [595, 842],
      [595, 842],
    ]);
    expect(copy.getPage(0).node.get(PDFName.of("Title"))?.toString()).toBe("(kept)");
    // The link to page 3 leads to its copy; the one to page 2, not copied, leads nowhere.
    const annotations = copy.getPage(0).node.lookup(PDFName.of("Annots"), PDFArray);
    const destination = (index: number) =>
      annotations.lookup(index, PDFDict).lookup(PDFName.of("Dest"), PDFArray).get(0);
    expect(destination(0)).toBe(copy.getPage(1).ref);
    expect(copy.context.lookup(destination(1))).toBe(PDFNull);
    // The link did not pull page 2 (or the source's page tree) into the file.
    expect(await pdfToText(output)).not.toContain("Alpha two");
  });

  it("declines a file it cannot copy from, so its pages are redrawn instead", async () => {
    const writer = (await StreamedPdf.create("Copies")).writer;
    expect(await PdfPageCopier.open(Buffer.from("%PDF-1.7\nthis is not a PDF body"), writer)).toBeNull();
    const encrypted = await PDFDocument.load(await embeddedFontPdf([["Secret"]]));
    encrypted.context.trailerInfo.Encrypt = encrypted.context.obj({ Filter: "Standard", V: 2, R: 3 });
    expect(await PdfPageCopier.open(await encrypted.save({ useObjectStreams: false }), writer)).toBeNull();
  });
});

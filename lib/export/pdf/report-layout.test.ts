import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pdfToText, renderPdfPage } from "../testing/read-back";
import { openPdf } from "@/lib/documents/pdf/load-pdf";
import { ReportLayout } from "./report-layout";
import { PdfStreamWriter } from "./stream/pdf-stream-writer";
import { ReportFonts } from "./stream/shape-text";

async function report(build: (layout: ReportLayout) => Promise<void>): Promise<Uint8Array> {
  const layout = await ReportLayout.create("Test report");
  await build(layout);
  return layout.save();
}

/** Dark pixels per column band of a rendered page region, to compare how ink is spread. */
async function inkRuns(png: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const { data, info } = await sharp(png).extract(region).greyscale().raw().toBuffer({ resolveWithObject: true });
  const columns = Array.from({ length: info.width }, (_, x) =>
    Array.from({ length: info.height }, (_, y) => data[y * info.width + x]).some((value) => value < 128),
  );
  // Runs of inked columns: separate glyphs give many runs, joined script few.
  return columns.filter((inked, x) => inked && !columns[x - 1]).length;
}

describe("ReportLayout (streamed PDF writer)", () => {
  it("writes a PDF that pdf-lib and pdftotext read: headings, paragraphs, key-values and tables across pages", async () => {
    const rows = [
      ["Item", "Qty", "Price"],
      ...Array.from({ length: 150 }, (_, index) => [`Item ${index + 1}`, "2", "9.50"]),
    ];
    const bytes = await report(async (layout) => {
      await layout.heading("invoice.pdf", 1);
      await layout.paragraph(
        "Invoice Number: INV-7 for Acme Ltd, Kunde Müller, Ελληνικά, Кириллица, 上海贸易有限公司, 한국어",
      );
      await layout.table(
        [
          ["Key", "Value"],
          ["Total", "25.50"],
        ],
        { header: true },
      );
      await layout.table(rows, { header: true });
    });
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThan(2);
    const text = await pdfToText(bytes);
    for (const expected of [
      "invoice.pdf",
      "Invoice Number: INV-7",
      "Kunde Müller",
      "Ελληνικά",
      "Кириллица",
      "上海贸易有限公司",
      "한국어",
      "Item 150",
    ])
      expect(text).toContain(expected);
    // The header row is repeated on each page the table continues on.
    expect(text.match(/Item\s+Qty\s+Price/g)?.length ?? 0).toBeGreaterThan(1);
  });

  it("shapes Arabic and puts right-to-left lines in visual order, so pdftotext reads the logical text back", async () => {
    const arabic = "مرحبا بالعالم";
    const hebrew = "שלום עולם";
    const bytes = await report(async (layout) => {
      await layout.paragraph(arabic);
      await layout.paragraph(hebrew);
      await layout.paragraph("Total 25.50 المجموع");
      await layout.paragraph("مُحَمَّد");
    });
    const text = await pdfToText(bytes);
    expect(text).toContain(arabic);
    expect(text).toContain(hebrew);
    // Numbers and Latin keep their order inside the right-to-left run.
    expect(text).toContain("Total 25.50");
    expect(text).toContain("المجموع");
    // Marks (harakat) stay with their letters; shaping may store two marks on one letter in either order.
    expect(text.normalize("NFD")).toContain("مُحَمَّد".normalize("NFD"));
    // Joined letters: the Arabic line, rendered, has far fewer separate inked runs than letters.
    const png = await renderPdfPage(bytes, 1, 150);
    const { width } = await sharp(png).metadata();
    const runs = await inkRuns(png, { left: 0, top: 90, width: width!, height: 30 });
    expect(runs).toBeLessThan([...arabic.replace(/\s/g, "")].length - 4);
  });

  it("draws lam-alef as its ligature; pdftotext and pdf.js read the words back in logical order", async () => {
    const words = ["السلام", "لا", "لأن", "الإسلام"];
    const bytes = await report(async (layout) => {
      for (const word of words) await layout.paragraph(word);
    });
    // pdftotext marks right-to-left lines with embedding controls; they are not text.
    const lines = (await pdfToText(bytes))
      .replace(/[\u202a-\u202e]/g, "")
      .split("\n")
      .map((line) => line.trim());
    for (const word of words) expect(lines).toContain(word);
    const read = await openPdf(Buffer.from(bytes));
    const items = (await (await read.getPage(1)).getTextContent()).items.map((item) => ("str" in item ? item.str : ""));
    for (const word of words) expect(items).toContain(word);
    await read.loadingTask.destroy();
    // Drawn as the ligature: one glyph for the two letters (a glyph per letter would read back right anyway).
    const fonts = await ReportFonts.create(new PdfStreamWriter());
    expect(fonts.shape("لا").runs.flatMap((run) => run.glyphs)).toHaveLength(1);
  });

  it("draws a character no shipped font has as a box and keeps it for text extraction (ActualText)", async () => {
    const bytes = await report(async (layout) => layout.paragraph("Thanks 😀 again 🦄 and 👨‍👩‍👧"));
    const text = await pdfToText(bytes);
    expect(text).toContain("Thanks 😀 again 🦄 and 👨‍👩‍👧");
    // Invisible format characters (a left-to-right mark, a zero-width space) draw nothing, not a box.
    const marked = await pdfToText(await report(async (layout) => layout.paragraph("Total\u200e 25\u200b.50")));
    expect(marked).toContain("Total 25.50");
  });
});

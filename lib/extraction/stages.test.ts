import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import type { Page } from "@/lib/pages/types";
import { extractStructure } from "./extract-structure";
import { structureByBatches } from "./stages";

/** Five pages: labelled values and dates day first ("31/01/2025") on each, and a table running from page 2 onto page 3. */
async function longDocumentPages(): Promise<Page[]> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const rows = Array.from({ length: 60 }, (_, index) => [`Item ${index + 1}`, String(index + 1), `${index + 1}.50`]);
  for (let pageIndex = 0; pageIndex < 5; pageIndex++) {
    const page = document.addPage([612, 792]);
    const header = [
      `Invoice Number: INV-${4821 + pageIndex}`,
      `Date: ${20 + pageIndex}/01/2025`,
      `Email: billing${pageIndex}@example.com`,
      `Total due: ${1234 + pageIndex}.50 EUR`,
    ];
    header.forEach((text, index) => page.drawText(text, { x: 72, y: 740 - index * 16, size: 11, font }));
    const tableRows = pageIndex === 1 ? rows.slice(0, 30) : pageIndex === 2 ? rows.slice(30) : [];
    tableRows.forEach((row, rowIndex) =>
      row.forEach((cell, column) =>
        page.drawText(cell, {
          x: [72, 300, 400][column],
          y: pageIndex === 1 ? 80 + (29 - rowIndex) * 16 : 740 - rowIndex * 16,
          size: 11,
          font,
        }),
      ),
    );
  }
  const { pages } = await readDocument({ bytes: Buffer.from(await document.save()) });
  return pages;
}

function inBatches(pages: Page[], size: number) {
  const builder = structureByBatches(pages.map((page) => page.text));
  for (let index = 0; index < pages.length; index += size) builder.add(pages.slice(index, index + size));
  return builder.finish();
}

describe("structureByBatches", () => {
  it("gives what extractStructure gives for all the pages at once, whatever the batch size", async () => {
    const pages = await longDocumentPages();
    const whole = extractStructure({ pages });
    // The document is what the comparison is about: a table across a batch boundary, pairs, entities.
    expect(whole.tables.some((table) => table.pages.join() === "2,3")).toBe(true);
    expect(whole.keyValuePairs.length).toBeGreaterThanOrEqual(10);
    expect(whole.entities.some((entity) => entity.type === "date")).toBe(true);
    for (const size of [1, 2, 3, 5]) expect(inBatches(pages, size)).toEqual(whole);
  });

  it("reads the date order from the whole text, not from each batch", async () => {
    const pages = await longDocumentPages();
    // "05/03/2025" alone could be either order; "31/01/2025" on the last page says day first.
    pages[0] = { ...pages[0], text: pages[0].text.replace(/\d+\/01\/2025/, "05/03/2025") };
    const dates = inBatches(pages, 1).entities.filter((entity) => entity.type === "date" && entity.page === 1);
    expect(dates.map((entity) => entity.value)).toContain("2025-03-05");
    expect(inBatches(pages, 1)).toEqual(extractStructure({ pages }));
  });

  it("has no pairs, tables or entities and zero confidence without pages", () => {
    const structure = structureByBatches([]).finish();
    expect(structure).toMatchObject({ keyValuePairs: [], tables: [], entities: [], confidence: 0 });
  });
});

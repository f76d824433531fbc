import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { makeFilledFormPdf, makeImagePdf } from "@/lib/documents/testing/make-pdfs";
import { characterErrorRate, renderTextImage } from "@/lib/documents/testing/render-text-image";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { extractStructure } from "./extract-structure";
import { parseDate, parseNumber } from "./entities/normalise-values";
import { toCsv, toXml } from "./output/serialise";

// Accuracy on generated documents with known content. Thresholds fail when the engine gets worse.

afterAll(terminateOcrPool);

const formFields: Array<[string, string]> = [
  ["Invoice Number", "INV-2025-0042"],
  ["Invoice Date", "14 March 2025"],
  ["Customer", "Acme Widgets Ltd"],
  ["Email", "billing@acme.example"],
  ["Total Due", "$1,234.50"],
];
const tableRows = [
  ["Description", "Qty", "Price"],
  ["Paper A4", "10", "4.50"],
  ["Toner black", "2", "61.00"],
  ["Stapler", "1", "12.99"],
];

async function invoicePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  page.drawText("INVOICE", { x: 72, y: 740, size: 20, font });
  formFields.forEach(([label, value], index) =>
    page.drawText(`${label}: ${value}`, { x: 72, y: 700 - index * 18, size: 11, font }),
  );
  const columns = [72, 300, 400];
  tableRows.forEach((row, rowIndex) =>
    row.forEach((cell, column) => page.drawText(cell, { x: columns[column], y: 560 - rowIndex * 16, size: 11, font })),
  );
  return Buffer.from(await document.save());
}

function precisionRecall(found: Array<[string, string]>, expected: Array<[string, string]>) {
  const key = ([label, value]: [string, string]) => `${label.toLowerCase()}=${value.toLowerCase()}`;
  const expectedSet = new Set(expected.map(key));
  const correct = found.filter((pair) => expectedSet.has(key(pair))).length;
  return { precision: found.length ? correct / found.length : 0, recall: correct / expected.length };
}

function cellAccuracy(actual: string[][], expected: string[][]): number {
  let correct = 0;
  let total = 0;
  expected.forEach((row, rowIndex) =>
    row.forEach((cell, column) => {
      total++;
      if ((actual[rowIndex]?.[column] ?? "").trim() === cell) correct++;
    }),
  );
  return correct / total;
}

describe("extraction accuracy on a generated digital invoice", () => {
  it("finds the key-value pairs, the table, entities, type and schema fields", async () => {
    const { pages } = await readDocument({ bytes: await invoicePdf() });
    const structure = extractStructure({
      pages,
      schema: [
        { name: "invoice_number", type: "string" },
        { name: "invoiceDate", type: "date" },
        { name: "total", type: "number" },
        { name: "purchase_order", type: "string" },
      ],
    });
    const { precision, recall } = precisionRecall(
      structure.keyValuePairs.map((pair) => [pair.key, pair.value]),
      formFields,
    );
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(structure.tables).toHaveLength(1);
    expect(cellAccuracy(structure.tables[0].rows, tableRows)).toBeGreaterThanOrEqual(0.95);
    expect(structure.documentType).toBe("invoice");
    expect(structure.language).toBe("en");
    expect(structure.entities).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: "email", value: "billing@acme.example" }),
        expect.objectContaining({ type: "amount", value: "1234.5", currency: "USD" }),
        expect.objectContaining({ type: "date", value: "2025-03-14" }),
      ]),
    );
    expect(structure.fields).toEqual({
      invoice_number: "INV-2025-0042",
      invoiceDate: "2025-03-14",
      total: "1234.5",
      purchase_order: null,
    });
    const total = structure.fieldDetails!.find((detail) => detail.name === "total")!;
    expect(total).toMatchObject({ typedValue: 1234.5, page: 1 });
    expect(total.box!.x).toBeGreaterThan(0.1);
    expect(total.confidence).toBeGreaterThan(0.5);
    expect(total.confidence).toBeLessThanOrEqual(1);
    expect(structure.engine).toBe("deterministic");
  });

  it("reads filled AcroForm values as pairs", async () => {
    const { pages } = await readDocument({ bytes: await makeFilledFormPdf({ full_name: "Jane Roe", city: "Lisbon" }) });
    const pairs = extractStructure({ pages }).keyValuePairs.filter((pair) => pair.method === "form_field");
    expect(pairs.map((pair) => [pair.key, pair.value])).toEqual([
      ["full_name", "Jane Roe"],
      ["city", "Lisbon"],
    ]);
  });

  it("merges a table continued across a page break", async () => {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    const rows = Array.from({ length: 60 }, (_, index) => [
      `Item ${index + 1}`,
      String(index + 1),
      `${(index + 1) * 2}.00`,
    ]);
    [rows.slice(0, 40), rows.slice(40)].forEach((chunk, pageIndex) => {
      const page = document.addPage([612, 792]);
      chunk.forEach((row, rowIndex) =>
        row.forEach((cell, column) =>
          page.drawText(cell, {
            x: [72, 300, 400][column],
            y: pageIndex === 0 ? 120 + (39 - rowIndex) * 16 : 740 - rowIndex * 16,
            size: 11,
            font,
          }),
        ),
      );
    });
    const { pages } = await readDocument({ bytes: Buffer.from(await document.save()) });
    const tables = extractStructure({ pages }).tables;
    expect(tables).toHaveLength(1);
    expect(tables[0].pages).toEqual([1, 2]);
    expect(cellAccuracy(tables[0].rows, rows)).toBeGreaterThanOrEqual(0.98);
  });
});

describe("OCR accuracy on clean rendered text", () => {
  const lines = [
    "The quick brown fox jumps over the lazy dog.",
    "Invoice INV-2025-0042 dated 14 March 2025",
    "Total due: 1,234.50 EUR",
  ];

  it("keeps the character error rate under 2% with docsvc-OCR-v1", async () => {
    const png = await renderTextImage(lines, { fontSize: 42 });
    const result = await readDocument({ bytes: await makeImagePdf([png]) });
    expect(characterErrorRate(lines.join("\n"), result.pages[0].text)).toBeLessThan(0.02);
    const structure = extractStructure({ pages: result.pages, schema: [{ name: "total due", type: "number" }] });
    expect(structure.fields).toEqual({ "total due": "1234.5" });
  });

  it("reads a low-resolution (100 DPI) scan with docsvc-OCR-XL-v1", async () => {
    const png = await renderTextImage(lines, { fontSize: 15, dpi: 100 });
    const result = await readDocument({ bytes: png, model: "docsvc-OCR-XL-v1" });
    expect(characterErrorRate(lines.join("\n"), result.pages[0].text)).toBeLessThan(0.05);
  });
});

describe("values and serialisers", () => {
  it("normalises numbers and dates", () => {
    expect(parseNumber("$1,234.56")).toBe(1234.56);
    expect(parseNumber("1.234,56 €")).toBe(1234.56);
    expect(parseNumber("(12.00)")).toBe(-12);
    expect(parseDate("2025-03-14")).toBe("2025-03-14");
    expect(parseDate("14.03.2025")).toBe("2025-03-14");
    expect(parseDate("03/14/2025")).toBe("2025-03-14");
    expect(parseDate("March 14, 2025")).toBe("2025-03-14");
    expect(parseDate("31/02/2025")).toBeNull();
  });

  it("escapes CSV and XML and includes tables", () => {
    const result = {
      fields: {
        "a&b": 'say "hi", <ok>',
        empty: null,
        formula: "=1+1",
        dde: "-2+3+cmd|' /C calc'!A0",
        negative: "-12.50",
      },
      tables: [{ page: 1, pages: [1], rows: [["x,y", "line\nbreak"]], source: "layout" as const }],
    };
    const csv = toCsv(result);
    expect(csv).toContain('a&b,"say ""hi"", <ok>"');
    expect(csv).toContain("formula,'=1+1");
    expect(csv).toContain("dde,'-2+3+cmd|' /C calc'!A0");
    expect(csv).toContain("negative,-12.50\r\n");
    expect(csv).toContain('"x,y","line\nbreak"');
    const xml = toXml(result);
    expect(xml).toContain('<field name="a&amp;b">say &quot;hi&quot;, &lt;ok&gt;</field>');
    expect(xml).toContain("<cell>x,y</cell>");
    expect(xml).toContain('<field name="empty"></field>');
  });
});

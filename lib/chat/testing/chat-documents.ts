import { randomUUID } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { KnowledgeIndex } from "../knowledge/knowledge-index";
import type { ChatDocument } from "../scope/chat-document";
import type { ChatToolContext } from "../tools/tool-context";

/** An invoice PDF whose items are a real table: cells drawn in columns, as a layout table is found. */
export async function makeInvoicePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([612, 792]);
  const draw = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 12, font });
  draw("ACME Supplies Ltd", 72, 720);
  draw("Invoice Number: INV-2041", 72, 700);
  draw("Invoice Date: 2025-03-14", 72, 680);
  const rows = [
    ["Item", "Qty", "Amount"],
    ["Paper", "2", "40.00"],
    ["Toner", "1", "80.50"],
    ["Staples", "3", "12.00"],
  ];
  rows.forEach((row, index) => row.forEach((cell, column) => draw(cell, 72 + column * 160, 630 - index * 22)));
  draw("Total due: 132.50 EUR", 72, 520);
  return Buffer.from(await document.save());
}

/** A chat document read from a generated text PDF, with the structure the reading engine extracts. */
export async function chatDocumentFromLines(name: string, pages: string[][] | Buffer): Promise<ChatDocument> {
  const read = await readDocument({ bytes: Buffer.isBuffer(pages) ? pages : await makeTextPdf(pages) });
  const structures = read.pages.map((page) => extractStructure({ pages: [page] }));
  return {
    id: randomUUID(),
    batchId: randomUUID(),
    name,
    pages: read.pages,
    pairs: structures.flatMap((structure) => structure.keyValuePairs),
    tables: structures.flatMap((structure) =>
      structure.tables.map((table) => ({ page: table.page, rows: table.rows, box: table.box })),
    ),
  };
}

export const invoiceLines = [
  [
    "ACME Supplies Ltd",
    "Invoice Number: INV-2041",
    "Invoice Date: 2025-03-14",
    "Item Qty Amount",
    "Paper 2 40.00",
    "Toner 1 80.50",
    "Total due: 120.50 EUR",
  ],
];

export function toolContext(documents: ChatDocument[], extra: Partial<ChatToolContext> = {}): ChatToolContext {
  return { userId: randomUUID(), sessionId: randomUUID(), index: new KnowledgeIndex(documents), ...extra };
}

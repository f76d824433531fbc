import JSZip from "jszip";
import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import type { ExportDocument } from "../export-types";
import { writeReportDocx } from "./write-report-docx";

/** db.page.findMany for a document of `pageCount` read pages, each with its own text, key-value and table. */
function pagesStandIn(pageCount: number): Db {
  const row = (pageNumber: number) => ({
    pageNumber,
    extractedText: `Statement line for page ${pageNumber}`,
    structuredData: {
      key_value_pairs: [{ key: "Reference", value: `REF-${pageNumber}` }],
      tables: [
        {
          rows: [
            ["Item", "Amount"],
            [`Item ${pageNumber}`, `${pageNumber}.00`],
          ],
        },
      ],
    },
    status: "completed",
    error: null,
  });
  const findMany = async ({ where }: { where: { pageNumber: { gte: number; lt: number } } }) =>
    Array.from({ length: where.pageNumber.lt - where.pageNumber.gte }, (_, index) => where.pageNumber.gte + index)
      .filter((pageNumber) => pageNumber <= pageCount)
      .map(row);
  return { page: { findMany } } as unknown as Db;
}

describe("writeReportDocx", () => {
  it("writes a report of many pages (several pieces of document.xml) that Word readers open, every page in order", async () => {
    const document: ExportDocument = {
      id: "document",
      batchId: "batch",
      fileName: "statements.pdf",
      detectedType: "pdf",
      storageKey: "original",
      status: "completed",
      pageCount: 60,
    };
    const chunks: Uint8Array[] = [];
    for await (const chunk of writeReportDocx({
      db: pagesStandIn(60),
      documents: [document],
      overrides: new Map(),
      title: "Statements",
    }))
      chunks.push(chunk);
    const bytes = Buffer.concat(chunks);

    const { value: text } = await mammoth.extractRawText({ buffer: bytes });
    const order = Array.from({ length: 60 }, (_, index) => text.indexOf(`Statement line for page ${index + 1}\n`));
    expect(order.every((at, index) => at >= 0 && (index === 0 || at > order[index - 1]))).toBe(true);
    expect(text).toContain("REF-60");
    expect(text).toContain("Item 37");
    // One body, one section, the parts docx writes (styles, numbering, settings) and the title.
    const archive = await JSZip.loadAsync(bytes);
    const xml = await archive.file("word/document.xml")!.async("string");
    expect(xml.match(/<w:body>/g)).toHaveLength(1);
    expect(xml.match(/<w:sectPr/g)).toHaveLength(1);
    expect(xml.match(/<w:tbl>/g)).toHaveLength(120);
    expect(Object.keys(archive.files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "word/styles.xml"]));
    expect(await archive.file("docProps/core.xml")!.async("string")).toContain("<dc:title>Statements</dc:title>");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { documentStructure } from "./document-structure";
import { insertPages } from "./insert-pages";
import { boundingBoxesOf, pageFromRow, structuredDataOf } from "./page-data";
import { emptyTimings } from "./stage-timings";

let database: TestDatabase;
let documentId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const batch = await database.db.batch.create({ data: { name: "document structure" } });
  const document = await database.db.batchDocument.create({
    data: { batchId: batch.id, fileName: "a.pdf", contentType: "application/pdf", sizeBytes: 1, storageKey: "k" },
  });
  documentId = document.id;
  const bytes = await makeTextPdf(
    Array.from({ length: 7 }, (_, page) => [
      `Invoice Number: INV-${100 + page}`,
      `Date: ${10 + page}/02/2025`,
      `Total due: ${page + 1},234.50 EUR`,
      `Contact: desk${page}@example.com`,
    ]),
  );
  const { pages } = await readDocument({ bytes, renderImages: "scans" });
  await insertPages({
    db: database.db,
    documentId,
    rows: pages.map((page) => ({
      pageNumber: page.pageNumber,
      // Page 4 failed: it counts for neither the text nor the pairs.
      status: page.pageNumber === 4 ? "failed" : "completed",
      error: page.pageNumber === 4 ? "broken page" : null,
      imageKey: null,
      width: page.width,
      height: page.height,
      source: page.source,
      confidence: page.confidence,
      extractedText: page.text,
      boundingBoxes: JSON.stringify(boundingBoxesOf(page)),
      structuredData: "{}",
    })),
  });
});

afterAll(async () => database?.dispose());

describe("documentStructure", () => {
  it("reads the boxes a batch at a time and gives what structuredDataOf gives over all the stored pages", async () => {
    const stored = await database.db.page.findMany({ where: { documentId }, orderBy: { pageNumber: "asc" } });
    const expected = structuredDataOf(stored.map(pageFromRow).filter((page) => !page.error));
    expect((expected.key_value_pairs as unknown[]).length).toBeGreaterThanOrEqual(12);
    const texts = stored.map((row) => ({
      pageNumber: row.pageNumber,
      extractedText: row.extractedText,
      source: row.source,
      confidence: row.confidence,
      status: row.status,
    }));
    for (const batchPages of [1, 3, 25]) {
      const timings = emptyTimings();
      expect(await documentStructure({ db: database.db, documentId, rows: texts, timings, batchPages })).toEqual(
        expected,
      );
      expect(timings.structure).toBeGreaterThan(0);
    }
  });
});

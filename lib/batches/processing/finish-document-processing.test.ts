import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { finishDocumentProcessing } from "./finish-document-processing";
import { insertPages, type NewPageRow } from "./insert-pages";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => database?.dispose());

function pageRow(pageNumber: number, failed: boolean): NewPageRow {
  const text = `Invoice number: ${1000 + pageNumber}`;
  return {
    pageNumber,
    status: failed ? "failed" : "completed",
    error: failed ? `page ${pageNumber} could not be read` : null,
    imageKey: null,
    width: failed ? null : 612,
    height: failed ? null : 792,
    source: failed ? null : "text_layer",
    confidence: failed ? null : 1,
    extractedText: failed ? "" : text,
    boundingBoxes: failed
      ? "{}"
      : JSON.stringify({
          width: 612,
          height: 792,
          unit: "pt",
          words: [{ text, confidence: 1, box: { x: 0.1, y: 0.1, width: 0.3, height: 0.02 } }],
        }),
    structuredData: "{}",
  };
}

describe("finishDocumentProcessing", () => {
  it("counts every page of a document longer than one read of rows, and keeps the first page's error", async () => {
    const batch = await database.db.batch.create({ data: { name: "finish" } });
    const document = await database.db.batchDocument.create({
      data: {
        batchId: batch.id,
        fileName: "long.pdf",
        contentType: "application/pdf",
        sizeBytes: 1,
        storageKey: "k",
        status: "processing",
        pagesTotal: 47,
      },
    });
    const failedPages = new Set([23, 41]);
    const rows = Array.from({ length: 47 }, (_, index) => pageRow(index + 1, failedPages.has(index + 1)));
    await insertPages({ db: database.db, documentId: document.id, rows });

    const outcome = await finishDocumentProcessing({ db: database.db, documentId: document.id });

    expect(outcome).toEqual({ status: "partially_completed", pagesDone: 45, pagesTotal: 47 });
    const finished = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(finished.error).toBe("page 23 could not be read");
    expect(finished.pagesDone).toBe(45);
    expect(finished.pagesFailed).toBe(2);
    expect(finished.metadata).toHaveProperty("structured_data");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { insertPages, type NewPageRow } from "./insert-pages";
import { recordProgress } from "./process-page-range";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => database?.dispose());

function pageRow(pageNumber: number, status: string): NewPageRow {
  return {
    pageNumber,
    status,
    error: status === "failed" ? "unreadable" : null,
    imageKey: null,
    width: null,
    height: null,
    source: null,
    confidence: null,
    extractedText: "",
    boundingBoxes: "{}",
    structuredData: "{}",
  };
}

async function newDocument(name: string) {
  const batch = await database.db.batch.create({ data: { name } });
  return database.db.batchDocument.create({
    data: {
      batchId: batch.id,
      fileName: `${name}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 1,
      storageKey: name,
    },
  });
}

describe("recordProgress", () => {
  it("counts the document's completed and failed page rows, and only its own", async () => {
    const document = await newDocument("progress");
    const other = await newDocument("other");
    await insertPages({
      db: database.db,
      documentId: document.id,
      rows: [pageRow(1, "completed"), pageRow(2, "failed"), pageRow(3, "completed"), pageRow(4, "pending")],
    });
    await insertPages({ db: database.db, documentId: other.id, rows: [pageRow(1, "completed")] });

    await recordProgress({ db: database.db, documentId: document.id });

    const stored = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored).toMatchObject({ pagesDone: 2, pagesFailed: 1 });
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(document.updatedAt.getTime());
    const untouched = await database.db.batchDocument.findUniqueOrThrow({ where: { id: other.id } });
    expect(untouched).toMatchObject({ pagesDone: 0, pagesFailed: 0 });
  });

  it("records zero for a document without page rows", async () => {
    const document = await newDocument("empty");
    await database.db.batchDocument.update({ where: { id: document.id }, data: { pagesDone: 3, pagesFailed: 1 } });

    await recordProgress({ db: database.db, documentId: document.id });

    const stored = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored).toMatchObject({ pagesDone: 0, pagesFailed: 0 });
  });

  it("does nothing for a document that no longer exists", async () => {
    await expect(recordProgress({ db: database.db, documentId: crypto.randomUUID() })).resolves.toBeUndefined();
  });
});

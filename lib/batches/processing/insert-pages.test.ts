import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { insertPages, type NewPageRow } from "./insert-pages";

// The raw statement runs on PGlite always and on PostgreSQL when TEST_DATABASE_URL (or DATABASE_URL) is set.
let database: TestDatabase;
let documentId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const batch = await database.db.batch.create({ data: { name: "insert pages" } });
  const document = await database.db.batchDocument.create({
    data: { batchId: batch.id, fileName: "a.pdf", contentType: "application/pdf", sizeBytes: 1, storageKey: "k" },
  });
  documentId = document.id;
});

afterAll(async () => database?.dispose());

const boxes = {
  width: 612,
  height: 792,
  unit: "pt",
  words: [{ text: "Zürich", confidence: 1, box: { x: 0.1, y: 0.2, width: 0.3, height: 0.04 } }],
};

function row(pageNumber: number, overrides: Partial<NewPageRow> = {}): NewPageRow {
  return {
    pageNumber,
    status: "completed",
    error: null,
    imageKey: `img/${pageNumber}`,
    width: 612,
    height: 792.5,
    source: "text_layer",
    confidence: 0.97,
    extractedText: `Zürich page ${pageNumber} — "quoted" \\ back`,
    boundingBoxes: JSON.stringify(boxes),
    structuredData: JSON.stringify({ key_value_pairs: [], language: "de" }),
    ...overrides,
  };
}

describe("insertPages", () => {
  it("writes every column of every row in one statement, nulls and JSON included", async () => {
    const before = Date.now();
    await insertPages({
      db: database.db,
      documentId,
      rows: [
        row(1),
        row(2, {
          status: "failed",
          error: "broken page",
          imageKey: null,
          width: null,
          height: null,
          confidence: null,
          source: null,
          boundingBoxes: "{}",
          structuredData: "{}",
        }),
      ],
    });
    const stored = await database.db.page.findMany({ where: { documentId }, orderBy: { pageNumber: "asc" } });
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      pageNumber: 1,
      status: "completed",
      error: null,
      imageKey: "img/1",
      width: 612,
      height: 792.5,
      source: "text_layer",
      confidence: 0.97,
      extractedText: 'Zürich page 1 — "quoted" \\ back',
      boundingBoxes: boxes,
      structuredData: { key_value_pairs: [], language: "de" },
      editedAt: null,
    });
    expect(stored[1]).toMatchObject({
      pageNumber: 2,
      status: "failed",
      error: "broken page",
      imageKey: null,
      width: null,
      confidence: null,
      source: null,
      boundingBoxes: {},
    });
    expect(stored[0].id).not.toBe(stored[1].id);
    // updatedAt is the time of the write, in the same clock Prisma reads (UTC), to the second.
    expect(stored[0].updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored[0].updatedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("stores the JSON columns as the text written (json, not jsonb: keys keep their order)", async () => {
    const written = JSON.stringify({ width: 612, height: 792, unit: "pt", words: [], lines: [], blocks: [] });
    await insertPages({ db: database.db, documentId, rows: [row(4, { boundingBoxes: written })] });
    const [stored] = await database.db.$queryRaw<Array<{ text: string; type: string }>>`
      SELECT "boundingBoxes"::text AS text, pg_typeof("boundingBoxes")::text AS type
      FROM pages WHERE "documentId" = ${documentId}::uuid AND "pageNumber" = 4`;
    expect(stored).toEqual({ text: written, type: "json" });
  });

  it("returns the pages it inserted and leaves a page already stored as it is", async () => {
    const inserted = await insertPages({
      db: database.db,
      documentId,
      rows: [row(3), row(1, { extractedText: "a second reading", status: "failed" })],
    });
    expect(inserted).toEqual([3]);
    const first = await database.db.page.findUniqueOrThrow({
      where: { documentId_pageNumber: { documentId, pageNumber: 1 } },
    });
    expect(first).toMatchObject({ status: "completed", extractedText: 'Zürich page 1 — "quoted" \\ back' });
    expect(await database.db.page.count({ where: { documentId, pageNumber: 3 } })).toBe(1);
  });

  it("refuses pages of a document that no longer exists", async () => {
    await expect(insertPages({ db: database.db, documentId: crypto.randomUUID(), rows: [row(1)] })).rejects.toThrow();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { recordFinishedDocument } from "./record-finished-document";

let database: TestDatabase;
let batchId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  batchId = (await database.db.batch.create({ data: { name: "finished" } })).id;
});

afterAll(async () => database?.dispose());

async function newDocument(metadata: object) {
  return database.db.batchDocument.create({
    data: {
      batchId,
      fileName: "a.pdf",
      contentType: "application/pdf",
      sizeBytes: 1,
      storageKey: "k",
      status: "processing",
      metadata,
    },
  });
}

const structure = { document_type: "invoice", key_value_pairs: [{ key: "Straße", value: 'a "b" \\ c' }] };

describe("recordFinishedDocument", () => {
  it("writes status, structure beside the metadata's other keys, timings and times in one statement", async () => {
    const document = await newDocument({ source_url: "https://example.com/a", structured_data: { old: true } });
    const processedAt = new Date("2026-01-02T03:04:05.678Z");
    const before = Date.now();
    const recorded = await recordFinishedDocument(database.db, {
      documentId: document.id,
      status: "partially_completed",
      pagesTotal: 3,
      error: "1 of 3 pages could not be read",
      processedAt,
      structuredData: structure,
      timings: { read_ms: 12, wall_ms: 40, pages: 2 },
    });
    expect(recorded).toBe(true);
    const stored = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored).toMatchObject({
      status: "partially_completed",
      pagesTotal: 3,
      error: "1 of 3 pages could not be read",
      processedAt,
      metadata: { source_url: "https://example.com/a", structured_data: structure },
      timings: { read_ms: 12, wall_ms: 40, pages: 2 },
    });
    // updatedAt is the time of the write, in the clock Prisma reads (UTC), to the second.
    expect(stored.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored.updatedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("clears the error of a completed document", async () => {
    const document = await newDocument({});
    await database.db.batchDocument.update({ where: { id: document.id }, data: { error: "earlier failure" } });
    await recordFinishedDocument(database.db, {
      documentId: document.id,
      status: "completed",
      pagesTotal: 1,
      error: null,
      processedAt: new Date(),
      structuredData: {},
      timings: {},
    });
    const stored = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored).toMatchObject({ status: "completed", error: null, metadata: { structured_data: {} } });
  });

  it("answers false for a document deleted meanwhile", async () => {
    const finished = {
      documentId: crypto.randomUUID(),
      status: "completed",
      pagesTotal: 1,
      error: null,
      processedAt: new Date(),
      structuredData: {},
      timings: {},
    };
    expect(await recordFinishedDocument(database.db, finished)).toBe(false);
  });
});

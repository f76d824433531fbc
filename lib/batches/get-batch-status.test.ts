import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { getBatchStatus } from "./get-batch-status";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database?.dispose();
});

describe("batch status", () => {
  it("counts the saved pages while an instance that died mid-chunk still holds the document's claim", async () => {
    const user = await db.user.create({ data: { email: `${crypto.randomUUID()}@example.com` } });
    // The state a killed instance leaves: 3 of 5 pages saved, the document's counters not yet updated.
    const batch = await db.batch.create({
      data: {
        userId: user.id,
        status: "processing",
        documents: {
          create: {
            fileName: "scan.pdf",
            contentType: "application/pdf",
            sizeBytes: 10,
            storageKey: "batches/x/y/original.pdf",
            status: "processing",
            pagesTotal: 5,
            pagesDone: 0,
            pages: {
              create: [1, 2, 3].map((pageNumber) => ({
                pageNumber,
                status: pageNumber === 3 ? "failed" : "completed",
              })),
            },
          },
        },
      },
    });
    const status = await getBatchStatus({ db, owner: { userId: user.id }, batchId: batch.id });
    expect(status).toMatchObject({ pages_total: 5, pages_done: 2, pages_failed: 1, progress: 60 });
    expect(status.documents[0]).toMatchObject({ pages_done: 2, pages_failed: 1, progress: 60 });
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { createLocalBlobStore } from "@/lib/storage";
import type { BlobStore } from "@/lib/storage";
import { beginDocumentProcessing } from "./begin-document-processing";

let database: TestDatabase;
let folder: string;
let store: BlobStore;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = mkdtempSync(path.join(os.tmpdir(), "begin-processing-"));
  store = createLocalBlobStore(folder);
});

afterAll(async () => {
  await database?.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** A queued document as an upload leaves it: counted (pagesTotal, detectedType) or not. */
async function queuedDocument(name: string, counted: { pagesTotal: number; detectedType: string } | null) {
  const batch = await database.db.batch.create({ data: { name } });
  return database.db.batchDocument.create({
    data: {
      batchId: batch.id,
      fileName: `${name}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 1,
      storageKey: `batches/${batch.id}/${name}/original.pdf`,
      status: "queued",
      pagesTotal: counted?.pagesTotal ?? null,
      detectedType: counted?.detectedType ?? null,
    },
  });
}

describe("beginDocumentProcessing", () => {
  it("takes the page count the upload found without inspecting the file again", async () => {
    const document = await queuedDocument("counted", { pagesTotal: 3, detectedType: "pdf" });
    // Bytes no reader accepts: inspecting them would fail the document, so a ready plan shows they were not inspected.
    await store.put(document.storageKey, Buffer.from("not a PDF at all"), "application/pdf");

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id });

    expect(plan).toMatchObject({ state: "ready", pagesTotal: 3, pendingPages: [1, 2, 3], pdf: true });
    const row = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ status: "processing", pagesTotal: 3 });
  });

  it("still fails a counted document whose original is missing from storage", async () => {
    const document = await queuedDocument("missing", { pagesTotal: 2, detectedType: "pdf" });

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id });

    expect(plan).toMatchObject({ state: "failed", reason: expect.stringContaining("missing from storage") });
    const row = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(row.status).toBe("failed");
  });

  it("counts the pages of a document the upload could not count", async () => {
    const document = await queuedDocument("uncounted", null);
    await store.put(document.storageKey, await makeTextPdf([["First page"], ["Second page"]]), "application/pdf");

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id });

    expect(plan).toMatchObject({ state: "ready", pagesTotal: 2, pendingPages: [1, 2], pdf: true });
  });
});

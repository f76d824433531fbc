import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { inspectDocument } from "@/lib/documents/inspect-document";
import { encryptedOfficeFile } from "@/lib/documents/testing/make-hostile-files";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { createLocalBlobStore } from "@/lib/storage";
import type { BlobStore } from "@/lib/storage";
import { isRetryable } from "../statuses";
import { beginDocumentProcessing } from "./begin-document-processing";
import { finishDocumentProcessing } from "./finish-document-processing";
import { processPageRange } from "./process-page-range";

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

/** The real inspection, counting its calls. */
function countingInspection() {
  const calls: string[] = [];
  const inspect: typeof inspectDocument = (bytes, options) => {
    calls.push(options?.fileName ?? "");
    return inspectDocument(bytes, options);
  };
  return { inspect, calls };
}

/** A queued document as an upload leaves it: counted (pagesTotal, detectedType) or not. */
async function queuedDocument(
  name: string,
  counted: { pagesTotal: number; detectedType: string } | null,
  extension = "pdf",
) {
  const batch = await database.db.batch.create({ data: { name } });
  return database.db.batchDocument.create({
    data: {
      batchId: batch.id,
      fileName: `${name}.${extension}`,
      contentType: "application/pdf",
      sizeBytes: 1,
      storageKey: `batches/${batch.id}/${name}/original.${extension}`,
      status: "queued",
      pagesTotal: counted?.pagesTotal ?? null,
      detectedType: counted?.detectedType ?? null,
    },
  });
}

describe("beginDocumentProcessing", () => {
  it("takes the page count the upload found without inspecting the file again", async () => {
    const document = await queuedDocument("counted", { pagesTotal: 2, detectedType: "pdf" });
    await store.put(document.storageKey, await makeTextPdf([["First page"], ["Second page"]]), "application/pdf");
    const { inspect, calls } = countingInspection();

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id, inspect });

    expect(calls).toEqual([]);
    expect(plan).toMatchObject({ state: "ready", pagesTotal: 2, pendingPages: [1, 2], pdf: true });
    const row = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ status: "processing", pagesTotal: 2 });
  });

  it("inspects a document the upload could not count, once", async () => {
    const document = await queuedDocument("uncounted", null);
    await store.put(document.storageKey, await makeTextPdf([["First page"], ["Second page"]]), "application/pdf");
    const { inspect, calls } = countingInspection();

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id, inspect });

    expect(calls).toEqual(["uncounted.pdf"]);
    expect(plan).toMatchObject({ state: "ready", pagesTotal: 2, pendingPages: [1, 2], pdf: true });
  });

  it("still fails a counted document whose original is missing from storage, with a retry offered", async () => {
    const document = await queuedDocument("missing", { pagesTotal: 2, detectedType: "pdf" });

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id });

    expect(plan).toMatchObject({ state: "failed", reason: expect.stringContaining("missing from storage") });
    const row = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ status: "failed", errorCode: null });
    expect(isRetryable(row)).toBe(true);
  });

  it("a counted file that cannot be read fails in its chunks with the reader's code, and no retry is offered", async () => {
    const document = await queuedDocument("damaged", { pagesTotal: 2, detectedType: "pdf" });
    await store.put(document.storageKey, Buffer.from("%PDF-1.7\nthis is not a PDF body"), "application/pdf");
    const { inspect, calls } = countingInspection();

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id, inspect });
    expect(calls).toEqual([]);
    expect(plan).toMatchObject({ state: "ready", pendingPages: [1, 2] });
    const range = await processPageRange({ db: database.db, store, documentId: document.id, pages: [1, 2], pdf: true });
    expect(range).toMatchObject({ done: 0, failed: 2 });
    const finished = await finishDocumentProcessing({ db: database.db, documentId: document.id });

    expect(finished.status).toBe("failed");
    const row = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ status: "failed", errorCode: "corrupt_document" });
    expect(isRetryable(row)).toBe(false);
  });

  it("a file read whole that turns out encrypted carries password_required to the document", async () => {
    const document = await queuedDocument("locked", { pagesTotal: 1, detectedType: "docx" }, "docx");
    await store.put(document.storageKey, encryptedOfficeFile(), "application/octet-stream");
    const { inspect, calls } = countingInspection();

    const plan = await beginDocumentProcessing({ db: database.db, store, documentId: document.id, inspect });
    expect(calls).toEqual([]);
    expect(plan).toMatchObject({ state: "ready", pendingPages: [1], pdf: false });
    await processPageRange({ db: database.db, store, documentId: document.id, pages: "all", pdf: false });
    await finishDocumentProcessing({ db: database.db, documentId: document.id });

    const row = await database.db.batchDocument.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ status: "failed", errorCode: "password_required" });
    expect(isRetryable(row)).toBe(false);
  });
});

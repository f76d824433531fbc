import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore } from "@/lib/storage";
import { deleteBatch } from "./delete-batch";
import { getBatchResults } from "./get-batch-results";
import { getBatchStatus } from "./get-batch-status";
import { openBatchImage } from "./open-batch-image";
import { retryBatch } from "./retry-batch";
import { startBatchProcessing } from "./start-batch-processing";
import { sampleBatchFiles } from "./testing/sample-files";
import { updatePage } from "./update-page";
import { uploadBatch } from "./upload-batch";
import { sendFile } from "@/lib/http/send-file";
// The service's file as its route sends it.
const openImageResponse = async (...args: Parameters<typeof openBatchImage>) => sendFile(await openBatchImage(...args));
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  await startExecutor({ definitions: functionDefinitions });
});
afterAll(async () => {
  await stopExecutor();
  await terminateOcrPool();
  await database?.dispose();
});

async function drain() {
  await (await getExecutor()).drain({ timeoutMs: 60_000 });
}

async function newUser(label: string) {
  const user = await registerUser({
    db: database.db,
    email: `${label}-${Date.now()}@example.com`,
    password: "a sensible passphrase",
  });
  return { owner: { userId: user.id }, tier: "free" };
}

describe("batches", () => {
  it("uploads a PDF, a scan and a DOCX, processes them in the background and charges each page once", async () => {
    const db = database.db;
    const { owner, tier } = await newUser("three");
    const upload = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      tier,
      files: await sampleBatchFiles(),
      batchName: "Mixed",
    });
    expect(upload.documents.map((document) => [document.type, document.page_count])).toEqual([
      ["pdf", 2],
      ["png", 1],
      ["docx", 1],
    ]);
    await drain();

    const status = await getBatchStatus({ db, owner, batchId: upload.batch_id });
    expect(status).toMatchObject({
      status: "completed",
      total_documents: 3,
      completed_documents: 3,
      pages_total: 4,
      pages_done: 4,
      progress: 100,
    });
    const results = await getBatchResults({ db, owner, batchId: upload.batch_id, query: { page_offset: 0 } });
    const [pdf, png, docx] = results.documents;
    expect(pdf.pages[0].extracted_text).toContain("INV-2041");
    expect(pdf.pages[0].structured_data).toHaveProperty("key_value_pairs");
    expect((pdf.pages[0].bounding_boxes as { words: unknown[] }).words.length).toBeGreaterThan(3);
    expect(pdf.pages[0].image_url).toMatch(/^\/api\/batch\/image\/batches\/.+\/pages\/1\.png\?token=/);
    expect(png.pages[0].extracted_text).toMatch(/Receipt/);
    expect(docx.pages[0].extracted_text).toContain("Quarterly report");
    expect(pdf.structured_data).toHaveProperty("document_type");

    const charges = await db.usageEvent.findMany({ where: { userId: owner.userId } });
    expect(charges).toHaveLength(4);
    expect(new Set(charges.map((charge) => charge.chargeKey)).size).toBe(4);

    const second = await getBatchResults({
      db,
      owner,
      batchId: upload.batch_id,
      query: { page_offset: 1, page_limit: 1 },
    });
    expect(second.documents[0]).toMatchObject({ total_pages: 2, pages: [{ page_number: 2 }] });
    expect(second.documents[1].pages).toEqual([]);

    const docxOnly = await getBatchResults({
      db,
      owner,
      batchId: upload.batch_id,
      query: {
        page_offset: 0,
        document_id: docx.document_id,
      },
    });
    expect(docxOnly.documents.map((document) => document.document_id)).toEqual([docx.document_id]);
    await expect(
      getBatchResults({ db, owner, batchId: upload.batch_id, query: { page_offset: 0, document_id: "not-a-uuid" } }),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("reads a long PDF in chunks, gives every page an image and keeps the run's stage times", async () => {
    const db = database.db;
    const { owner } = await newUser("long");
    await db.user.update({ where: { id: owner.userId }, data: { tier: "growth" } });
    const pdf = await makeTextPdf(Array.from({ length: 12 }, (_, index) => [`Chunked page ${index + 1}`]));
    const upload = await uploadBatch({
      db,
      store: getBlobStore(),
      owner,
      tier: "growth",
      files: [new File([new Uint8Array(pdf)], "long.pdf")],
    });
    await drain();
    const results = await getBatchResults({ db, owner, batchId: upload.batch_id, query: { page_offset: 0 } });
    expect(results.documents[0].pages.map((page) => page.extracted_text.trim())).toEqual(
      Array.from({ length: 12 }, (_, index) => `Chunked page ${index + 1}`),
    );
    // Text pages are pictured when first asked for: each image URL answers a PNG, kept for next time.
    const pageImages = async () =>
      (await getBlobStore().list(`batches/${upload.batch_id}/`)).filter((entry) => entry.key.includes("/pages/"));
    expect(await pageImages()).toHaveLength(0);
    for (const page of results.documents[0].pages) {
      const url = new URL(page.image_url!, "http://localhost");
      const response = await openImageResponse({
        db,
        store: getBlobStore(),
        storageKey: decodeURIComponent(url.pathname.replace("/api/batch/image/", "")),
        token: url.searchParams.get("token") ?? undefined,
        caller: { kind: "anonymous" },
      });
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe("PNG");
    }
    expect(await pageImages()).toHaveLength(12);

    const document = await db.batchDocument.findUniqueOrThrow({ where: { id: results.documents[0].document_id } });
    const timings = document.timings as Record<string, number>;
    expect(timings.pages).toBe(12);
    expect(timings.render_ms).toBe(0);
    // No page was read by OCR, so none was read a second time.
    expect(timings.reread_ms).toBe(0);
    for (const stage of ["read", "structure", "rows", "charge", "wall"])
      expect(timings[`${stage}_ms`]).toBeGreaterThan(0);
  });

  it("fails a document whose file is missing, then retry completes it without charging twice, keeping edits", async () => {
    const db = database.db;
    const store = getBlobStore();
    const { owner, tier } = await newUser("retry");
    const pdf = await makeTextPdf([["Retry me: page one"], ["Retry me: page two"]]);
    const upload = await uploadBatch({
      db,
      store,
      owner,
      tier,
      files: [new File([new Uint8Array(pdf)], "retry.pdf")],
      skipProcessing: true,
    });
    expect(upload.status).toBe("uploaded");
    const document = await db.batchDocument.findUniqueOrThrow({ where: { id: upload.documents[0].document_id } });
    const original = (await store.getBuffer(document.storageKey))!;
    await store.delete(document.storageKey);

    await startBatchProcessing({ db, owner, batchId: upload.batch_id });
    await drain();
    expect(await getBatchStatus({ db, owner, batchId: upload.batch_id })).toMatchObject({
      status: "failed",
      documents: [{ status: "failed", error: expect.stringMatching(/missing/), retryable: true }],
    });

    await store.put(document.storageKey, original, "application/pdf");
    const retry = await retryBatch({ db, owner, batchId: upload.batch_id, processingMode: "normal" });
    expect(retry.retried_documents).toEqual([document.id]);
    await drain();
    expect((await getBatchStatus({ db, owner, batchId: upload.batch_id })).status).toBe("completed");

    const edited = await updatePage({
      db,
      owner,
      batchId: upload.batch_id,
      documentId: document.id,
      pageNumber: 1,
      update: { extracted_text: "Corrected by hand: one" },
    });
    expect(edited).toMatchObject({ extracted_text: "Corrected by hand: one", edited: true });
    // A stuck-looking document reprocessed from scratch keeps the edited page and says so.
    await db.page.updateMany({ where: { documentId: document.id }, data: { status: "failed" } });
    await db.batchDocument.update({ where: { id: document.id }, data: { status: "partially_completed" } });
    const again = await retryBatch({ db, owner, batchId: upload.batch_id, processingMode: "normal" });
    expect(again.edited_pages_kept).toBe(1);
    await drain();
    const results = await getBatchResults({ db, owner, batchId: upload.batch_id, query: { page_offset: 0 } });
    expect(results.documents[0].pages.map((page) => [page.extracted_text.trim(), page.status, page.edited])).toEqual([
      ["Corrected by hand: one", "completed", true],
      ["Retry me: page two", "completed", false],
    ]);
    expect(await db.usageEvent.count({ where: { documentId: document.id } })).toBe(2);
  });

  it("does not offer a retry for a file that cannot be read, and counts no stale failures after a retry", async () => {
    const db = database.db;
    const store = getBlobStore();
    const { owner, tier } = await newUser("permanent");
    const pdf = await makeTextPdf([["Soon to be broken"]]);
    const upload = await uploadBatch({
      db,
      store,
      owner,
      tier,
      files: [new File([new Uint8Array(pdf)], "broken.pdf")],
      skipProcessing: true,
    });
    const document = await db.batchDocument.findUniqueOrThrow({ where: { id: upload.documents[0].document_id } });
    await store.put(document.storageKey, Buffer.from("%PDF-1.7\nthis is not a PDF body"), "application/pdf");

    await startBatchProcessing({ db, owner, batchId: upload.batch_id });
    await drain();
    const failed = await getBatchStatus({ db, owner, batchId: upload.batch_id });
    expect(failed).toMatchObject({ status: "failed", documents: [{ status: "failed", retryable: false }] });
    expect((await db.batchDocument.findUniqueOrThrow({ where: { id: document.id } })).errorCode).toBe(
      "corrupt_document",
    );
    const retry = await retryBatch({ db, owner, batchId: upload.batch_id, processingMode: "normal" });
    expect(retry).toMatchObject({ retried_count: 0, message: expect.stringMatching(/Nothing to retry/) });

    // A partly failed document that is retried shows no failures from the earlier run while it waits.
    await store.put(document.storageKey, pdf, "application/pdf");
    await db.batchDocument.update({
      where: { id: document.id },
      data: { status: "partially_completed", errorCode: null, pagesFailed: 1 },
    });
    const requeued = await retryBatch({ db, owner, batchId: upload.batch_id, processingMode: "normal" });
    expect(requeued.retried_documents).toEqual([document.id]);
    expect((await db.batchDocument.findUniqueOrThrow({ where: { id: document.id } })).pagesFailed).toBe(0);
    await drain();
    expect(await getBatchStatus({ db, owner, batchId: upload.batch_id })).toMatchObject({
      status: "completed",
      pages_failed: 0,
      documents: [{ retryable: false }],
    });
  });

  it("accepts the good files of a batch and lists each refused file with its reason", async () => {
    const db = database.db;
    const store = getBlobStore();
    const { owner } = await newUser("partial");
    const [pdf] = await sampleBatchFiles();
    const junk = new File([new Uint8Array(Buffer.from("not a document at all \u0000\u0001"))], "junk.bin");
    const empty = new File([], "empty.pdf");
    const upload = await uploadBatch({
      db,
      store,
      owner,
      tier: "free",
      files: [junk, pdf, empty],
      skipProcessing: true,
    });
    expect(upload.documents.map((document) => document.file_name)).toEqual(["invoice.pdf"]);
    expect(upload.total_files).toBe(1);
    expect(upload.rejected).toEqual([
      {
        file_index: 0,
        file_name: "junk.bin",
        code: "unsupported_format",
        message: "This type of file cannot be read. Upload a PDF, an image or an office document.",
      },
      { file_index: 2, file_name: "empty.pdf", code: "empty_document", message: "empty.pdf is empty" },
    ]);
    expect(upload.message).toContain("2 file(s) were not accepted");
    expect((await store.list(`batches/${upload.batch_id}/`)).length).toBe(1);
    // The batch's status keeps listing the refused files, so they do not vanish once the upload answer is gone.
    const status = await getBatchStatus({ db, owner, batchId: upload.batch_id });
    expect(status.rejected).toEqual(upload.rejected);

    await expect(uploadBatch({ db, store, owner, tier: "free", files: [junk, empty] })).rejects.toMatchObject({
      status: 415,
      message:
        "None of the 2 files could be accepted. junk.bin: This type of file cannot be read. Upload a PDF, an image or an office document; empty.pdf: empty.pdf is empty.",
    });
    expect(await db.batch.count({ where: { userId: owner.userId } })).toBe(1);
  });

  it("refuses over-limit uploads before storing anything, and deletes every blob with the batch", async () => {
    const db = database.db;
    const store = getBlobStore();
    const { owner } = await newUser("limits");
    // Free's /v1 limit is 10 pages, but an upload in the app allows what a guest may: 46.
    const tooLong = await makeTextPdf(Array.from({ length: 47 }, () => ["x"]));
    await expect(
      uploadBatch({ db, store, owner, tier: "free", files: [new File([new Uint8Array(tooLong)], "big.pdf")] }),
    ).rejects.toMatchObject({ code: "too_many_pages" });
    await expect(
      uploadBatch({
        db,
        store,
        owner,
        tier: "free",
        files: [new File([new Uint8Array(Buffer.from("not a document at all \u0000\u0001"))], "x.bin")],
      }),
    ).rejects.toMatchObject({ status: 415 });
    expect(await db.batch.count({ where: { userId: owner.userId } })).toBe(0);

    const guest = await db.guestSession.create({
      data: { id: "guest_unit", ipHash: "h", expiresAt: new Date(Date.now() + 60_000) },
    });
    const files = await sampleBatchFiles();
    await expect(
      uploadBatch({ db, store, owner: { guestSessionId: guest.id }, files: files.slice(0, 2) }),
    ).rejects.toMatchObject({ code: "forbidden" });
    const guestUpload = await uploadBatch({
      db,
      store,
      owner: { guestSessionId: guest.id },
      files: files.slice(2),
      skipProcessing: true,
    });
    await expect(
      uploadBatch({ db, store, owner: { guestSessionId: guest.id }, files: files.slice(2) }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(getBatchStatus({ db, owner, batchId: guestUpload.batch_id })).rejects.toMatchObject({
      code: "not_found",
    });

    expect((await store.list(`batches/${guestUpload.batch_id}/`)).length).toBe(1);
    await expect(deleteBatch({ db, store, owner, batchId: guestUpload.batch_id })).rejects.toMatchObject({
      code: "not_found",
    });
    await deleteBatch({ db, store, owner: { guestSessionId: guest.id }, batchId: guestUpload.batch_id });
    expect(await store.list(`batches/${guestUpload.batch_id}/`)).toEqual([]);
    expect(await db.batch.count({ where: { id: guestUpload.batch_id } })).toBe(0);
  });
});

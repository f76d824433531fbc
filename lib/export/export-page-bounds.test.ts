import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { getBlobStore } from "@/lib/storage";
import { convertDocument } from "./convert/convert-document";
import { exportBatch, type ExportFormat } from "./export-batch";
import { sendFile } from "@/lib/http/send-file";
// The service's file as its route sends it.
const exportResponse = async (...args: Parameters<typeof exportBatch>) => sendFile(await exportBatch(...args));
// Export and convert work only on a document's own pages: a page number it does not have is a 422
// naming it (not a walk to that number), and an export stops once its client has gone.

let database: TestDatabase;
let owner: { userId: string };
let batchId: string;
let documentId: string;

beforeAll(async () => {
  database = await createTestDatabase({ serveGetDb: true });
  const db = database.db;
  owner = {
    userId: (await registerUser({ db, email: `bounds-${Date.now()}@example.com`, password: "a sensible passphrase" }))
      .id,
  };
  const pdf = await makeTextPdf([["Only page"]]);
  const upload = await uploadBatch({
    db,
    store: getBlobStore(),
    owner,
    tier: "free",
    files: [new File([new Uint8Array(pdf)], "one-page.pdf", { type: "application/pdf" })],
    skipProcessing: true,
  });
  batchId = upload.batch_id;
  documentId = upload.documents[0]!.document_id;
  // Read as processing would have: one page, stored.
  await db.page.create({ data: { documentId, pageNumber: 1, extractedText: "Only page", source: "office" } });
  await db.batchDocument.update({ where: { id: documentId }, data: { status: "completed", pagesTotal: 1 } });
}, 60_000);

afterAll(async () => {
  await database?.dispose();
});

const exports: { format: ExportFormat; mode?: "searchable" | "report" }[] = [
  { format: "pdf", mode: "report" },
  { format: "pdf", mode: "searchable" },
  { format: "docx" },
];

describe("export and convert page bounds", () => {
  for (const { format, mode } of exports) {
    it(`refuses a page number beyond the document's pages at once (${format}${mode ? ` ${mode}` : ""})`, async () => {
      const attempt = exportResponse(database.db, getBlobStore(), {
        owner,
        batchId,
        format,
        request: {
          mode,
          documents: [
            { document_id: documentId, pages: [{ page_number: Number.MAX_SAFE_INTEGER, extracted_text: "x" }] },
          ],
        },
      });
      await expect(attempt).rejects.toMatchObject({
        code: "validation_error",
        message: `Page ${Number.MAX_SAFE_INTEGER} is beyond one-page.pdf, which has 1 page`,
        issues: [
          {
            loc: ["body", "documents", 0, "pages", 0, "page_number"],
            msg: `Page ${Number.MAX_SAFE_INTEGER} is beyond one-page.pdf, which has 1 page`,
            type: "value_error",
          },
        ],
      });
    }, 10_000);
  }

  it("refuses a page number beyond the document's pages in convert and convert-all", async () => {
    for (const formats of [["xml"], ["json", "xml", "csv", "yaml", "markdown", "text"]] as const) {
      await expect(
        convertDocument(database.db, {
          owner,
          documentId,
          formats: [...formats],
          pages: [{ page_number: 100_000, extracted_text: "x" }],
        }),
      ).rejects.toMatchObject({
        code: "validation_error",
        issues: [
          { loc: ["body", "pages", 0, "page_number"], msg: "Page 100000 is beyond one-page.pdf, which has 1 page" },
        ],
      });
    }
  });

  it("still exports an edit to a page the document has", async () => {
    const response = await exportResponse(database.db, getBlobStore(), {
      owner,
      batchId,
      format: "docx",
      request: { documents: [{ document_id: documentId, pages: [{ page_number: 1, extracted_text: "Edited" }] }] },
    });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("stops writing when the client goes away", async () => {
    const db = database.db;
    // As if the document had 5,000 pages of which one is read: each missing page is still a page to write.
    await db.batchDocument.update({ where: { id: documentId }, data: { pagesTotal: 5000 } });
    try {
      const client = new AbortController();
      const response = await exportResponse(db, getBlobStore(), {
        owner,
        batchId,
        format: "pdf",
        request: { mode: "report" },
        signal: client.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      client.abort();
      let pagesAfterAbort = 0;
      const drained = (async () => {
        while (!(await reader.read()).done) pagesAfterAbort++;
      })();
      await expect(drained).rejects.toMatchObject({ name: "AbortError" });
      expect(pagesAfterAbort).toBeLessThanOrEqual(1);
    } finally {
      await db.batchDocument.update({ where: { id: documentId }, data: { pagesTotal: 1 } });
    }
  });
});

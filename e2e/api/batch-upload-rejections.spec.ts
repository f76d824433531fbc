import { expect, test } from "../support/fixtures";
import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { digitalPdf, scannedPng, uploadBatch, waitForBatch } from "./batch-support";

const junk = {
  name: "notes.bin",
  mimeType: "application/octet-stream",
  buffer: Buffer.from("\u0000\u0001 not a document"),
};
const empty = { name: "empty.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(0) };

test.describe("batch upload with files that cannot be accepted", () => {
  test("the good files are accepted and read; each refused file is listed with its reason", async ({
    request,
    auth,
  }) => {
    const upload = await uploadBatch(request, {
      headers: auth,
      files: [await digitalPdf(), junk, await scannedPng(), empty],
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const batch = await upload.json();
    expect(batch.documents.map((document: { file_name: string }) => document.file_name)).toEqual([
      "invoice.pdf",
      "scan.png",
    ]);
    expect(batch.rejected).toEqual([
      {
        file_index: 1,
        file_name: "notes.bin",
        code: "unsupported_format",
        message: "This type of file cannot be read. Upload a PDF, an image or an office document.",
      },
      { file_index: 3, file_name: "empty.pdf", code: "empty_document", message: "empty.pdf is empty" },
    ]);
    expect(batch).toMatchObject({ total_files: 2, total_pages: 3 });
    expect(await waitForBatch(request, batch.batch_id, auth)).toMatchObject({
      status: "completed",
      total_documents: 2,
      rejected: batch.rejected,
    });

    const clean = await (await uploadBatch(request, { headers: auth, files: [await scannedPng()] })).json();
    expect(clean.rejected).toEqual([]);
  });

  test("when every file is refused the upload is, with each file's reason, and nothing is stored", async ({
    request,
    auth,
  }) => {
    const upload = await uploadBatch(request, { headers: auth, files: [junk, empty] });
    expect(upload.status()).toBe(415);
    expect((await upload.json()).detail).toBe(
      "None of the 2 files could be accepted. notes.bin: This type of file cannot be read. Upload a PDF, an image or an office document; empty.pdf: empty.pdf is empty.",
    );
    expect((await (await request.get("/api/batch/history", { headers: auth })).json()).total).toBe(0);
  });

  test("a Free user may upload as many pages as a guest (46), not the developer API's 10", async ({
    request,
    auth,
  }) => {
    const pages = (count: number) => Array.from({ length: count }, (_, index) => [`Page ${index + 1}`]);
    const allowed = await uploadBatch(request, {
      headers: auth,
      skipProcessing: true,
      files: [{ name: "long.pdf", mimeType: "application/pdf", buffer: await makeTextPdf(pages(46)) }],
    });
    expect(allowed.status(), await allowed.text()).toBe(200);
    const tooMany = await uploadBatch(request, {
      headers: auth,
      files: [{ name: "longer.pdf", mimeType: "application/pdf", buffer: await makeTextPdf(pages(47)) }],
    });
    expect(tooMany.status()).toBe(413);
    expect((await tooMany.json()).detail).toBe(
      "The request has 47 pages; the Free tier allows at most 46 pages per request.",
    );
  });

  test("the OpenAPI document describes rejected in the upload response", async ({ request }) => {
    const document = await (await request.get("/openapi.json")).json();
    const upload = document.components.schemas.BatchUploadResponse;
    expect(upload.required).toContain("rejected");
    expect(upload.properties.rejected.items.$ref).toBe("#/components/schemas/RejectedUploadFile");
    expect(Object.keys(document.components.schemas.RejectedUploadFile.properties)).toEqual([
      "file_index",
      "file_name",
      "code",
      "message",
    ]);
  });
});

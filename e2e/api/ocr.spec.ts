import { expect, test } from "../support/fixtures";
import { tiffWithoutPixels } from "@/lib/documents/testing/make-hostile-files";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, scannedPng, waitForBatch } from "./batch-support";

test.describe("OCR endpoints", () => {
  test("process answers text, pages, boxes and structure, and the document joins the user's list", async ({
    request,
    auth,
  }) => {
    const pdf = await digitalPdf();
    const response = await request.post("/api/ocr/process", {
      headers: auth,
      multipart: { file: { name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer } },
    });
    expect(response.status(), await response.text()).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({
      status: "completed",
      type: "pdf",
      page_count: 2,
      pages_done: 2,
      tokens_used: 2000,
      model: expect.stringMatching(/^docsvc-OCR-v1/),
    });
    expect(result.text).toContain("INV-2041");
    expect(result.pages[0].bounding_boxes.words.length).toBeGreaterThan(0);
    expect(result.structured_data).toMatchObject({
      key_value_pairs: expect.any(Array),
      document_type: expect.any(String),
    });

    const list = await (await request.get("/api/ocr/documents", { headers: auth })).json();
    expect(list).toMatchObject({ total: 1, limit: 100, offset: 0, documents: [{ document_id: result.document_id }] });
    const detail = await (await request.get(`/api/ocr/documents/${result.document_id}`, { headers: auth })).json();
    expect(detail.pages).toHaveLength(2);
    expect((await request.get("/api/ocr/documents/nope", { headers: auth })).status()).toBe(404);
    const usage = await (await request.get("/api/ocr/usage", { headers: auth })).json();
    expect(usage).toMatchObject({
      tier: "free",
      tokens_used: 2000,
      ocr: { documents: 1, pages: 2, tokens: 2000 },
      documents_total: 1,
    });
    expect(
      (
        await request.post("/api/ocr/process", {
          multipart: { file: { name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer } },
        })
      ).status(),
    ).toBe(401);
  });

  test("process/batch gives one result per file and isolates a bad file", async ({ request }) => {
    const user = await createUser(request);
    const png = await scannedPng(["Batch OCR 314"]);
    const form = new FormData();
    form.append("files", new Blob([new Uint8Array(png.buffer)], { type: "image/png" }), "scan.png");
    form.append("files", new Blob([new Uint8Array(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]))]), "garbage.bin");
    const response = await request.post("/api/ocr/process/batch", { headers: bearer(user.token), multipart: form });
    expect(response.status(), await response.text()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ succeeded: 1, failed: 1 });
    expect(body.results[0]).toMatchObject({ file_name: "scan.png", success: true });
    expect(body.results[0].result.text).toMatch(/314/);
    expect(body.results[1]).toMatchObject({
      file_name: "garbage.bin",
      success: false,
      result: null,
      error: { status: 415 },
    });
  });

  test("process refuses an image whose header is cut off before storing anything", async ({ request, auth }) => {
    const png = await scannedPng();
    const response = await request.post("/api/ocr/process", {
      headers: auth,
      multipart: { file: { name: "cut.png", mimeType: "image/png", buffer: png.buffer.subarray(0, 20) } },
    });
    expect(response.status(), await response.text()).toBe(422);
    expect((await response.json()).detail).toMatch(/damaged/);
    expect((await (await request.get("/api/ocr/documents", { headers: auth })).json()).documents).toEqual([]);
  });

  test("process answers 422 with the reason when no page can be read, and keeps the document as failed", async ({
    request,
    auth,
  }) => {
    // A two-page TIFF whose pages have no pixels: the upload counts its pages (a damaged page of a
    // multi-page picture fails alone, when read), and then no page can be read. A single picture
    // that does not decode is refused at upload instead (damaged-uploads.spec.ts).
    const response = await request.post("/api/ocr/process", {
      headers: auth,
      multipart: { file: { name: "damaged.tif", mimeType: "image/tiff", buffer: tiffWithoutPixels(2) } },
    });
    expect(response.status(), await response.text()).toBe(422);
    const { detail } = await response.json();
    expect(detail).toMatch(/^No page of damaged\.tif could be read: /);
    const list = await (await request.get("/api/ocr/documents", { headers: auth })).json();
    expect(list.documents).toEqual([expect.objectContaining({ file_name: "damaged.tif", status: "failed" })]);
    expect(detail).toContain(list.documents[0].document_id);
    expect((await (await request.get("/api/ocr/usage", { headers: auth })).json()).tokens_used).toBe(0);
  });

  test("an exhausted token balance answers 402 before anything is stored", async ({ request }) => {
    // Up to 25 uploads read to the end: on a busy CI machine that outlasts the default minute.
    test.slow();
    const user = await createUser(request);
    const auth = bearer(user.token);
    // The Free tier's 100,000 tokens cover 100 pages a month. Plain-text pages are read without OCR or
    // rendering, so using them up is quick; the balance is checked against what was charged so far.
    const text = Array.from({ length: 250 }, (_, index) => `Paragraph ${index + 1} of the long text.`).join("\n\n");
    const file = { name: "long.txt", mimeType: "text/plain", buffer: Buffer.from(text) };
    const batchIds: string[] = [];
    let refusedEarly = false;
    // Uploads until one is refused; with background processing some may pass before earlier ones are charged.
    for (let attempt = 0; attempt < 25 && !refusedEarly; attempt++) {
      const upload = await request.post("/api/batch/upload", { headers: auth, multipart: { files: file } });
      if (upload.status() === 402) refusedEarly = true;
      else {
        expect(upload.status(), await upload.text()).toBe(200);
        batchIds.push((await upload.json()).batch_id);
      }
    }
    expect(refusedEarly).toBe(true);
    for (const batchId of batchIds) expect((await waitForBatch(request, batchId, auth)).status).toBe("completed");
    const usage = await (await request.get("/api/ocr/usage", { headers: auth })).json();
    expect(usage.tokens_used).toBeGreaterThan(100_000 - 10_000);

    const refused = await request.post("/api/batch/upload", { headers: auth, multipart: { files: file } });
    expect(refused.status()).toBe(402);
    expect((await refused.json()).detail).toMatch(/tokens/);
    // A PDF with one page more than the balance still pays for is refused too.
    const pages = Math.floor((100_000 - usage.tokens_used) / 1000) + 1;
    const pdf = await digitalPdf(Array.from({ length: Math.max(1, pages) }, (_, page) => [`page ${page + 1}`]));
    expect(
      (
        await request.post("/api/ocr/process", {
          headers: auth,
          multipart: { file: { name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer } },
        })
      ).status(),
    ).toBe(402);
    expect((await (await request.get("/api/batch/history", { headers: auth })).json()).total).toBe(batchIds.length);
  });
});

import { existsSync, readdirSync } from "node:fs";
import { expect, test } from "../support/fixtures";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, findBatchBlobDir, scannedPng, uploadBatch, waitForBatch, wordDocx } from "./batch-support";

test.describe("batches", () => {
  test("a PDF, a scan and a DOCX upload, process in the background and give text, boxes, structure and images", async ({
    request,
    user,
    auth,
  }) => {
    const upload = await uploadBatch(request, {
      headers: auth,
      files: [await digitalPdf(), await scannedPng(), await wordDocx()],
      batchName: "Mixed",
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const batch = await upload.json();
    expect(batch).toMatchObject({ batch_name: "Mixed", total_files: 3, total_pages: 4, processing_started: true });
    expect(
      batch.documents.map((document: { type: string; page_count: number }) => [document.type, document.page_count]),
    ).toEqual([
      ["pdf", 2],
      ["png", 1],
      ["docx", 1],
    ]);

    const status = await waitForBatch(request, batch.batch_id, auth);
    expect(status).toMatchObject({
      status: "completed",
      completed_documents: 3,
      pages_total: 4,
      pages_done: 4,
      progress: 100,
    });

    const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json();
    const [pdf, png, docx] = results.documents;
    expect(pdf.pages[0].extracted_text).toContain("INV-2041");
    expect(pdf.pages[0].bounding_boxes.words.length).toBeGreaterThan(3);
    expect(pdf.pages[0].bounding_boxes.words[0].box).toEqual({
      x: expect.any(Number),
      y: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
    });
    expect(pdf.pages[0].structured_data).toMatchObject({
      key_value_pairs: expect.any(Array),
      tables: expect.any(Array),
      entities: expect.any(Array),
      language: expect.any(String),
      document_type: expect.any(String),
    });
    expect(pdf.structured_data).toHaveProperty("key_value_pairs");
    expect(png.pages[0].extracted_text).toMatch(/Receipt/);
    expect(png.pages[0].source).toBe("ocr");
    expect(docx.pages[0].extracted_text).toContain("Quarterly report");

    // image_url works as is, without headers (an <img> tag), and only for this batch's keys.
    const image = await request.get(pdf.pages[0].image_url);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect((await image.body()).subarray(1, 4).toString()).toBe("PNG");
    const token = new URL(pdf.pages[0].image_url, "http://x").searchParams.get("token");
    expect(
      (
        await request.get(`/api/batch/image/batches/${batch.batch_id}/${pdf.document_id}/pages/9.png?token=${token}`)
      ).status(),
    ).toBe(404);
    expect(
      (
        await request.get(`/api/batch/image/${pdf.pages[0].image_url.split("?")[0].replace("/api/batch/image/", "")}`)
      ).status(),
    ).toBe(401);
    expect((await request.get(`${pdf.pages[0].image_url.split("?")[0]}?token=${user.token}`)).status()).toBe(200);

    const history = await (await request.get("/api/batch/history", { headers: auth })).json();
    expect(history).toMatchObject({
      total: 1,
      limit: 50,
      offset: 0,
      batches: [{ batch_id: batch.batch_id, document_count: 3, status: "completed", total_pages: 4 }],
    });
    const listed = await (await request.get("/api/ocr/documents", { headers: auth })).json();
    expect(listed.total).toBe(3);
  });

  test("results paginate pages per document and carry total_pages", async ({ request, auth }) => {
    const pdf = await digitalPdf([["Alpha page"], ["Beta page"], ["Gamma page"]]);
    const batch = await (await uploadBatch(request, { headers: auth, files: [pdf] })).json();
    await waitForBatch(request, batch.batch_id, auth);
    const page = await (
      await request.get(`/api/batch/results/${batch.batch_id}?page_offset=1&page_limit=1`, { headers: auth })
    ).json();
    expect(page).toMatchObject({ page_offset: 1, page_limit: 1 });
    expect(page.documents[0].total_pages).toBe(3);
    expect(
      page.documents[0].pages.map((p: { page_number: number; extracted_text: string }) => [
        p.page_number,
        p.extracted_text.trim(),
      ]),
    ).toEqual([[2, "Beta page"]]);
    expect((await request.get(`/api/batch/results/${batch.batch_id}?page_offset=-1`, { headers: auth })).status()).toBe(
      422,
    );
  });

  test("results narrow to one document with document_id; an id not in the batch answers 404", async ({
    request,
    auth,
  }) => {
    const batch = await (
      await uploadBatch(request, {
        headers: auth,
        files: [await digitalPdf([["First file"], ["Second page"]]), await wordDocx()],
      })
    ).json();
    await waitForBatch(request, batch.batch_id, auth);
    const [pdfId, docxId] = batch.documents.map((document: { document_id: string }) => document.document_id);

    const docx = await (
      await request.get(`/api/batch/results/${batch.batch_id}?document_id=${docxId}`, { headers: auth })
    ).json();
    expect(docx.documents.map((document: { document_id: string }) => document.document_id)).toEqual([docxId]);
    expect(docx.documents[0].pages[0].extracted_text).toContain("Quarterly report");
    const window = await (
      await request.get(`/api/batch/results/${batch.batch_id}?document_id=${pdfId}&page_offset=1&page_limit=5`, {
        headers: auth,
      })
    ).json();
    expect(window.documents).toHaveLength(1);
    expect(window.documents[0]).toMatchObject({ document_id: pdfId, total_pages: 2, pages: [{ page_number: 2 }] });

    // Unknown, malformed and another batch's document ids all answer 404, never an empty list.
    const other = await (await uploadBatch(request, { headers: auth, files: [await wordDocx()] })).json();
    for (const unknown of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", other.documents[0].document_id]) {
      const response = await request.get(`/api/batch/results/${batch.batch_id}?document_id=${unknown}`, {
        headers: auth,
      });
      expect(response.status(), unknown).toBe(404);
      expect(await response.json()).toEqual({ detail: expect.stringContaining("not found") });
    }
  });

  test("pages are corrected one at a time or all at once, validated and marked edited", async ({ request, auth }) => {
    const batch = await (await uploadBatch(request, { headers: auth, files: [await digitalPdf()] })).json();
    await waitForBatch(request, batch.batch_id, auth);
    const documentId = batch.documents[0].document_id;
    const base = `/api/batch/${batch.batch_id}/document/${documentId}`;

    const one = await request.put(`${base}/page/1`, {
      headers: auth,
      data: {
        extracted_text: "Invoice Number: INV-9999 Total: 120.50 EUR",
        structured_data: { key_value_pairs: [{ key: "Invoice Number", value: "INV-9999" }] },
      },
    });
    expect(one.status(), await one.text()).toBe(200);
    // The text is kept as sent and placed on the page's words: the one that changed is corrected.
    const corrected = await one.json();
    expect(corrected).toMatchObject({
      page_number: 1,
      extracted_text: "Invoice Number: INV-9999 Total: 120.50 EUR",
      edited: true,
      edited_at: expect.any(String),
    });
    expect(corrected.bounding_boxes.words.find((word: { text: string }) => word.text === "INV-9999")).toMatchObject({
      original_text: "INV-2041",
    });
    // A different word count is placed too, never refused.
    const shorter = await request.put(`${base}/page/1`, { headers: auth, data: { extracted_text: "Too short" } });
    expect(shorter.status(), await shorter.text()).toBe(200);
    expect((await shorter.json()).extracted_text).toBe("Too short");

    const all = await request.put(base, {
      headers: auth,
      data: [
        { page_number: 1, extracted_text: "First fixed: INV-1 Total: 1.00 EUR" },
        { page_number: 2, extracted_text: "Second fixed Date: 2025-04-01" },
      ],
    });
    expect(all.status(), await all.text()).toBe(200);
    expect(await all.json()).toMatchObject({ pages_updated: 2, page_numbers: [1, 2] });
    // One transaction: a missing page refuses the whole update.
    expect(
      (
        await request.put(base, {
          headers: auth,
          data: [
            { page_number: 1, extracted_text: "Never" },
            { page_number: 7, extracted_text: "x" },
          ],
        })
      ).status(),
    ).toBe(404);
    expect(
      (await request.put(`${base}/page/1`, { headers: auth, data: { bounding_boxes: { words: "nope" } } })).status(),
    ).toBe(422);
    expect((await request.put(`${base}/page/0`, { headers: auth, data: { extracted_text: "x" } })).status()).toBe(422);
    expect((await request.put(`${base}/page/1`, { headers: auth, data: {} })).status()).toBe(422);

    const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json();
    expect(
      results.documents[0].pages.map((p: { extracted_text: string; edited: boolean }) => [p.extracted_text, p.edited]),
    ).toEqual([
      ["First fixed: INV-1 Total: 1.00 EUR", true],
      ["Second fixed Date: 2025-04-01", true],
    ]);
  });

  test("skip_processing waits for /process; deleting a document and the batch removes rows and stored files", async ({
    request,
    auth,
  }) => {
    const batch = await (
      await uploadBatch(request, {
        headers: auth,
        files: [await digitalPdf([["One"]]), await digitalPdf([["Two"]])],
        skipProcessing: true,
      })
    ).json();
    expect(batch).toMatchObject({ status: "uploaded", processing_started: false });
    expect((await (await request.get(`/api/batch/status/${batch.batch_id}`, { headers: auth })).json()).status).toBe(
      "uploaded",
    );
    const started = await request.post(`/api/batch/${batch.batch_id}/process?amet_session_id=s-1`, { headers: auth });
    expect(await started.json()).toMatchObject({ queued_documents: expect.any(Array), amet_session_id: "s-1" });
    await waitForBatch(request, batch.batch_id, auth);
    const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json();
    const firstImage = results.documents[0].pages[0].image_url;
    const blobDir = findBatchBlobDir(batch.batch_id);
    expect(blobDir, "the test server keeps blobs on local disk").toBeDefined();

    const [first, second] = batch.documents.map((document: { document_id: string }) => document.document_id);
    expect((await request.delete(`/api/batch/${batch.batch_id}/document/not-a-uuid`, { headers: auth })).status()).toBe(
      422,
    );
    const removed = await request.delete(`/api/batch/${batch.batch_id}/document/${first}`, { headers: auth });
    expect(await removed.json()).toMatchObject({ deleted: true, batch_deleted: false });
    expect((await request.get(firstImage)).status()).toBe(404);
    expect(readdirSync(blobDir!)).toEqual([second]);

    expect((await request.delete("/api/batch/not-a-uuid", { headers: auth })).status()).toBe(422);
    const gone = await request.delete(`/api/batch/${batch.batch_id}`, { headers: auth });
    expect(await gone.json()).toMatchObject({ deleted: true, documents_deleted: 1 });
    expect((await request.get(`/api/batch/status/${batch.batch_id}`, { headers: auth })).status()).toBe(404);
    expect(existsSync(blobDir!)).toBe(false);
  });

  test("isolation: another user gets 404 for every batch, document, page and image of someone else", async ({
    request,
  }) => {
    const alice = await createUser(request);
    const bob = await createUser(request);
    const batch = await (
      await uploadBatch(request, { headers: bearer(alice.token), files: [await digitalPdf([["Alice only"]])] })
    ).json();
    await waitForBatch(request, batch.batch_id, bearer(alice.token));
    const documentId = batch.documents[0].document_id;
    const results = await (
      await request.get(`/api/batch/results/${batch.batch_id}`, { headers: bearer(alice.token) })
    ).json();
    const imagePath = results.documents[0].pages[0].image_url.split("?")[0];

    const asBob = bearer(bob.token);
    const attempts = [
      request.get(`/api/batch/status/${batch.batch_id}`, { headers: asBob }),
      request.get(`/api/batch/results/${batch.batch_id}`, { headers: asBob }),
      request.post(`/api/batch/${batch.batch_id}/process`, { headers: asBob }),
      request.post(`/api/batch/${batch.batch_id}/retry`, { headers: asBob }),
      request.put(`/api/batch/${batch.batch_id}/document/${documentId}/page/1`, {
        headers: asBob,
        data: { extracted_text: "mine now" },
      }),
      request.put(`/api/batch/${batch.batch_id}/document/${documentId}`, {
        headers: asBob,
        data: [{ page_number: 1, extracted_text: "x" }],
      }),
      request.delete(`/api/batch/${batch.batch_id}/document/${documentId}`, { headers: asBob }),
      request.delete(`/api/batch/${batch.batch_id}`, { headers: asBob }),
      request.get(`/api/ocr/documents/${documentId}`, { headers: asBob }),
      request.get(imagePath, { headers: asBob }),
      request.get(`${imagePath}?token=${bob.token}`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status(), response.url()).toBe(404);
    expect((await (await request.get("/api/batch/history", { headers: asBob })).json()).total).toBe(0);
    expect((await request.get(`/api/batch/status/${batch.batch_id}`)).status()).toBe(401);
    const still = await (
      await request.get(`/api/batch/results/${batch.batch_id}`, { headers: bearer(alice.token) })
    ).json();
    expect(still.documents[0].pages[0].extracted_text.trim()).toBe("Alice only");
  });
});

import { expect, test } from "../support/fixtures";
import {
  blankPdf,
  createV1Account,
  errorOf,
  formWithFiles,
  pdfPart,
  postExtract,
  secondKey,
  textPdf,
  waitForJob,
} from "../support/v1";

test.describe("POST /v1/extract", () => {
  test("one file of at most 5 pages answers 200 at once, is listed as a job and raises usage", async ({
    request,
    account: { headers },
  }) => {
    const response = await postExtract(request, headers, { file: pdfPart(await textPdf(1)) });
    expect(response.status(), await response.text()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      status: "completed",
      result: { model: "docsvc-OCR-v1-2025-02", document_type: "invoice", language: "en", pages_processed: 1 },
    });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof body.result.confidence).toBe("number");
    expect(Number.isInteger(body.result.processing_time_ms)).toBe(true);
    expect(Array.isArray(body.result.tables)).toBe(true);
    expect(body.result.fields).toMatchObject({ "Invoice Number": "INV-2042" });
    expect(response.headers()["x-ratelimit-remaining"]).toBe("9");

    const job = await (await request.get(`/v1/jobs/${body.id}`, { headers })).json();
    expect(job).toMatchObject({ id: body.id, type: "extract", status: "completed", result: body.result });
    const usage = await (await request.get("/v1/usage", { headers })).json();
    expect(usage).toMatchObject({
      requests: { total: 1 },
      documents: { processed: 1, pages: 1 },
      tokens: { used: 1000, used_by_api: 1000 },
    });
    expect(usage.models).toEqual([
      { model: "docsvc-OCR-v1-2025-02", requests: 1, documents: 1, pages: 1, tokens: 1000 },
    ]);
  });

  test("a schema returns exactly its fields, and detail adds where each value came from", async ({
    request,
    account: { headers },
  }) => {
    const schema = JSON.stringify([
      { name: "invoice_number", type: "string" },
      { name: "total", type: "number" },
      { name: "invoice_date", type: "date" },
    ]);
    const response = await postExtract(request, headers, {
      file: pdfPart(await textPdf(1)),
      schema,
      detail: "true",
      model: "docsvc-OCR-XL-v1",
    });
    expect(response.status(), await response.text()).toBe(200);
    const { result } = await response.json();
    expect(Object.keys(result.fields)).toEqual(["invoice_number", "total", "invoice_date"]);
    expect(result.fields.invoice_number).toBe("INV-2042");
    expect(result.fields.invoice_date).toBe("2025-03-14");
    expect(result.model).toBe("docsvc-OCR-XL-v1-2025-02");
    const detail = result.field_details.find((field: { name: string }) => field.name === "invoice_number");
    expect(detail).toMatchObject({ page: 1, words: expect.arrayContaining(["INV-2042"]) });
    expect(detail.box).toMatchObject({
      x: expect.any(Number),
      y: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
    });
    expect(result.pages[0]).toMatchObject({ page: 1, source: "text_layer", unit: "pt" });
    expect(result.pages[0].text).toContain("ACME Corporation");
    // The XL model costs 2x.
    expect((await (await request.get("/v1/usage", { headers })).json()).tokens.used).toBe(2000);
  });

  test("csv and xml output are carried in result.output and downloadable from the job", async ({
    request,
    account: { headers },
  }) => {
    const csv = await postExtract(request, headers, { file: pdfPart(await textPdf(1)), output_format: "csv" });
    expect(csv.status(), await csv.text()).toBe(200);
    const csvBody = await csv.json();
    expect(csvBody.result.output).toMatchObject({ format: "csv", content_type: "text/csv; charset=utf-8" });
    expect(csvBody.result.output.content).toMatch(/^field,value\r\n/);
    expect(csvBody.result.output.content).toContain("INV-2042");
    expect(csvBody.result.download_url).toBe(`/v1/jobs/${csvBody.id}/download`);
    const download = await request.get(csvBody.result.download_url, { headers });
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain("text/csv");
    expect(download.headers()["content-disposition"]).toContain("extraction.csv");
    expect(await download.text()).toBe(csvBody.result.output.content);

    const xml = await postExtract(request, headers, { file: pdfPart(await textPdf(1)), output_format: "xml" });
    expect(xml.status()).toBe(200);
    const xmlBody = await xml.json();
    expect(xmlBody.result.output.content_type).toBe("application/xml; charset=utf-8");
    expect(xmlBody.result.output.content).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<extraction>/);
    expect(xmlBody.result.output.content).toContain('<field name="Invoice Number">INV-2042</field>');
  });

  test("more than 5 pages answers 202 and the job completes with progress and the full result", async ({
    request,
    account,
  }) => {
    const response = await postExtract(request, account.headers, { file: pdfPart(await textPdf(6)) });
    expect(response.status(), await response.text()).toBe(202);
    const accepted = await response.json();
    expect(accepted).toEqual({ id: accepted.id, status: "processing", poll_url: `/v1/jobs/${accepted.id}` });
    const first = await (await request.get(accepted.poll_url, { headers: account.headers })).json();
    // Progress is shown exactly while the job is processing (a fast server may already be done).
    expect(["processing", "completed"]).toContain(first.status);
    expect(first.progress).toEqual(
      first.status === "processing"
        ? { total: 6, current: expect.any(Number), message: expect.any(String) }
        : undefined,
    );
    const job = await waitForJob(request, await secondKey(request, account), accepted.id);
    expect(job).toMatchObject({
      status: "completed",
      type: "extract",
      result: { pages_processed: 6, fields: { "Invoice Number": "INV-2042" } },
    });
    expect(job.completed_at).not.toBeNull();
  });

  test("several files are asynchronous; the result has each document and a merged view", async ({
    request,
    account,
  }) => {
    const second = await textPdf(1, ["Purchase Order", "PO Number: PO-77", "Customer: Jane Roe"]);
    const form = formWithFiles(
      "files",
      [
        { name: "invoice.pdf", buffer: await textPdf(1) },
        { name: "po.pdf", buffer: second },
      ],
      {
        schema: JSON.stringify([
          { name: "invoice_number", type: "string" },
          { name: "po_number", type: "string" },
        ]),
      },
    );
    const response = await postExtract(request, account.headers, form);
    expect(response.status(), await response.text()).toBe(202);
    const job = await waitForJob(request, await secondKey(request, account), (await response.json()).id);
    expect(job.status).toBe("completed");
    const result = job.result as {
      documents: Array<{ file_name: string; fields: Record<string, string | null> }>;
      fields: Record<string, string | null>;
      pages_processed: number;
    };
    expect(result.documents.map((document) => document.file_name)).toEqual(["invoice.pdf", "po.pdf"]);
    expect(result.documents[0].fields.invoice_number).toBe("INV-2042");
    expect(result.fields.invoice_number).toBe("INV-2042");
    // The invoice has no PO number ("Invoice Number" does not answer po_number); the merge takes the PO's.
    expect(result.documents.map((document) => document.fields.po_number)).toEqual([null, "PO-77"]);
    expect(result.fields.po_number).toBe("PO-77");
    // Exactly the schema's names (stored results are JSONB, which does not keep key order).
    expect(Object.keys(result.fields).sort()).toEqual(["invoice_number", "po_number"]);
    expect(result.pages_processed).toBe(2);
  });

  test("refuses bad parameters with documented codes", async ({ request, account: { headers } }) => {
    const file = pdfPart(await textPdf(1));
    const model = await postExtract(request, headers, { file, model: "gpt-9" });
    expect(model.status()).toBe(400);
    expect(await errorOf(model)).toMatchObject({
      code: "invalid_model",
      message: expect.stringContaining("docsvc-OCR-XL-v1"),
    });
    const schema = await postExtract(request, headers, { file, schema: "{not json" });
    expect(schema.status()).toBe(422);
    expect(await errorOf(schema)).toMatchObject({
      code: "validation_error",
      message: expect.stringContaining("schema is not valid JSON"),
    });
    const missing = await postExtract(request, headers, { output_format: "csv" });
    expect(missing.status()).toBe(422);
    expect((await missing.json()).error.details[0].loc).toEqual(["body", "file"]);
    const format = await postExtract(request, headers, { file, output_format: "yaml" });
    expect(format.status()).toBe(422);
    const webhook = await postExtract(request, headers, { file, webhook_url: "ftp://example.com/hook" });
    expect(webhook.status()).toBe(400);
    const unsupported = await postExtract(request, headers, {
      file: { name: "x.bin", mimeType: "application/octet-stream", buffer: Buffer.from([0, 1, 2, 3, 0, 255, 254]) },
    });
    expect(unsupported.status()).toBe(415);
    expect((await errorOf(unsupported)).code).toBe("unsupported_format");
    const corrupt = await postExtract(request, headers, { file: pdfPart(Buffer.from("%PDF-1.7\nbroken")) });
    expect(corrupt.status()).toBe(422);
    expect((await errorOf(corrupt)).code).toBe("corrupt_file");
  });

  test("the Free tier refuses more than 10 pages and files over 10 MB with 413", async ({
    request,
    account: { headers },
  }) => {
    const pages = await postExtract(request, headers, { file: pdfPart(await textPdf(11)) });
    expect(pages.status()).toBe(413);
    expect(await errorOf(pages)).toMatchObject({
      code: "too_many_pages",
      message: expect.stringContaining("at most 10 pages"),
    });
    const large = Buffer.concat([await textPdf(1), Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]);
    const size = await postExtract(request, headers, { file: pdfPart(large) });
    expect(size.status()).toBe(413);
    expect((await errorOf(size)).code).toBe("file_too_large");
    expect((await (await request.get("/v1/jobs", { headers })).json()).data).toEqual([]);
  });

  test("the same Idempotency-Key and request answer the first answer without a second job; another request with it is 422", async ({
    request,
    account: { headers },
  }) => {
    const pdf = await textPdf(1);
    const keyed = { ...headers, "idempotency-key": "order-1042-extract" };
    const first = await postExtract(request, keyed, { file: pdfPart(pdf), output_format: "json" });
    expect(first.status()).toBe(200);
    const again = await postExtract(request, keyed, { file: pdfPart(pdf), output_format: "json" });
    expect(again.status()).toBe(200);
    expect(again.headers()["idempotent-replayed"]).toBe("true");
    expect((await again.json()).id).toBe((await first.json()).id);
    const jobs = await (await request.get("/v1/jobs", { headers })).json();
    expect(jobs.data).toHaveLength(1);
    const reused = await postExtract(request, keyed, { file: pdfPart(pdf), output_format: "csv" });
    expect(reused.status()).toBe(422);
    expect((await errorOf(reused)).code).toBe("idempotency_key_reused");
  });

  test("an exhausted monthly allowance answers 402 insufficient_tokens", async ({ request }) => {
    test.setTimeout(120_000);
    const account = await createV1Account(request);
    // Five 10-page XL jobs use the Free tier's 100,000 tokens (10 pages × 2,000).
    for (let index = 0; index < 5; index++) {
      const response = await postExtract(request, account.headers, {
        file: pdfPart(await textPdf(10)),
        model: "docsvc-OCR-XL-v1",
      });
      expect(response.status(), await response.text()).toBe(202);
      // A fresh key per wait keeps the polls within the Free tier's 10 requests a minute.
      expect((await waitForJob(request, await secondKey(request, account), (await response.json()).id)).status).toBe(
        "completed",
      );
    }
    const refused = await postExtract(request, account.headers, { file: pdfPart(await textPdf(1)) });
    expect(refused.status()).toBe(402);
    expect(await errorOf(refused)).toMatchObject({
      code: "insufficient_tokens",
      message: expect.stringContaining("resets on"),
    });
  });

  test("blank pages are OCR'd in the background; a running job can be cancelled", async ({ request, account }) => {
    const response = await postExtract(request, account.headers, { file: pdfPart(await blankPdf(6), "scan.pdf") });
    expect(response.status()).toBe(202);
    const { id } = await response.json();
    const cancelled = await request.post(`/v1/jobs/${id}/cancel`, { headers: account.headers });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id, status: "cancelled", error: { code: "cancelled" } });
    const again = await request.post(`/v1/jobs/${id}/cancel`, { headers: account.headers });
    expect((await again.json()).status).toBe("cancelled");
    // It stays cancelled while its run notices and stops.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await (await request.get(`/v1/jobs/${id}`, { headers: account.headers })).json()).status).toBe("cancelled");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunExtractJobFunction } from "@/inngest/functions/run-extract-job";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import { createExecutor } from "@/lib/background/executor/create-executor";
import { getBlobStore, jobOutputKey } from "@/lib/storage";
import { createJob } from "@/lib/v1/jobs/create-job";
import { serializeJob } from "@/lib/v1/jobs/serialize-job";
import { ExtractForm } from "./extract-form";
import { ExtractCompletedResponse, ExtractionResult } from "./extraction-result";
import { extractJobRequested } from "@/lib/background/events";
import { jobRunEventId } from "@/lib/v1/jobs/job-run-event";
import type { ExtractJobInput } from "./extract-job-input";
import { listFormats } from "./list-formats";
import { submitExtraction } from "./submit-extraction";

let testDb: TestDatabase;
let db: Db;
let userId: string;
const invoice = ["ACME Corp", "Invoice Number: INV-1042", "Date: 14 March 2025", "Total: 1,250.00"];
const quiet = { info() {}, warn() {}, debug() {}, error: console.error };

beforeAll(async () => {
  // The deterministic engine, whatever AI provider the environment names.
  setConfigForTests({ AI_PROVIDER: undefined });
  testDb = await createTestDatabase({ serveGetDb: true });
  db = testDb.db;
  userId = (await db.user.create({ data: { email: "extract@example.com" } })).id;
});
afterAll(async () => {
  await testDb?.dispose();
  resetConfigForTests();
});

function pdfFile(bytes: Buffer, name = "invoice.pdf") {
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

function form(fields: Record<string, unknown>) {
  return ExtractForm.parse(fields);
}

describe("ExtractForm", () => {
  it("explains a schema that is not JSON or not a list of {name, type}", () => {
    const file = [pdfFile(Buffer.from("%PDF"))];
    const notJson = ExtractForm.safeParse({ file, schema: "{oops" });
    expect(notJson.error?.issues[0].message).toMatch(/schema is not valid JSON/);
    const wrongType = ExtractForm.safeParse({ file, schema: JSON.stringify([{ name: "total", type: "money" }]) });
    expect(wrongType.error?.issues[0].message).toMatch(/type string, number or date/);
    expect(ExtractForm.safeParse({ output_format: "csv" }).error?.issues.map((issue) => issue.path[0])).toContain(
      "file",
    );
  });
});

describe("submitExtraction", () => {
  it("answers a short single file at once, records a completed job, and fills exactly the schema's fields", async () => {
    const schema = JSON.stringify([
      { name: "invoice_number", type: "string" },
      { name: "total", type: "number" },
      { name: "po_number", type: "string" },
    ]);
    const answer = await submitExtraction({
      db,
      store: getBlobStore(),
      userId,
      tier: "free",
      apiKeyId: null,
      form: form({ file: [pdfFile(await makeTextPdf([invoice]))], schema, detail: "true" }),
    });
    expect(answer.status).toBe(200);
    const body = ExtractCompletedResponse.parse(answer.body);
    expect(Object.keys(body.result.fields)).toEqual(["invoice_number", "total", "po_number"]);
    // po_number is absent: the invoice's "Invoice Number" must not answer it.
    expect(body.result.fields).toEqual({
      invoice_number: "INV-1042",
      total: expect.stringMatching(/^1250(\.00)?$/),
      po_number: null,
    });
    expect(body.result).toMatchObject({ model: "docsvc-OCR-v1-2025-02", pages_processed: 1, document_type: "invoice" });
    expect(body.result.field_details?.[0]).toMatchObject({
      name: "invoice_number",
      page: 1,
      words: expect.arrayContaining(["INV-1042"]),
    });
    // The total says how it was decided (its label, with no payment or subtotal to check it against) and what its calibrated confidence rests on.
    expect(body.result.field_details?.[1]).toMatchObject({
      name: "total",
      confidence: expect.any(Number),
      reason: expect.stringMatching(
        /^labelled "Total:"; confidence [\d.]+: model score [\d.]+, right \d+% of the time at this score on held-out receipts$/,
      ),
    });
    expect(body.result.pages?.[0].text).toContain("ACME Corp");
    const job = await db.job.findUniqueOrThrow({ where: { id: body.id } });
    expect(serializeJob(job)).toMatchObject({ status: "completed", type: "extract" });
    expect(await db.usageEvent.findMany({ where: { jobId: job.id } })).toMatchObject([
      { chargeKey: `job:${job.id}:file:1`, pages: 1, tokens: 1000 },
    ]);
  });

  it("renders csv into result.output and stores it as the job's download", async () => {
    const answer = await submitExtraction({
      db,
      store: getBlobStore(),
      userId,
      tier: "free",
      apiKeyId: null,
      form: form({ file: [pdfFile(await makeTextPdf([invoice]))], output_format: "csv" }),
    });
    const body = ExtractCompletedResponse.parse(answer.body);
    expect(body.result.output).toMatchObject({ format: "csv", content_type: "text/csv; charset=utf-8" });
    expect(body.result.output?.content).toMatch(/^field,value\r\n/);
    expect(body.result.download_url).toBe(`/v1/jobs/${body.id}/download`);
    const stored = await getBlobStore().getBuffer(jobOutputKey(body.id, "extraction.csv"));
    expect(stored?.toString("utf8")).toBe(body.result.output?.content);
  });

  it("refuses an unknown model (400), too many pages (413) and too large a file (413) before any job", async () => {
    const before = await db.job.count();
    const one = [pdfFile(await makeTextPdf([invoice]))];
    await expect(
      submitExtraction({
        db,
        store: getBlobStore(),
        userId,
        tier: "free",
        apiKeyId: null,
        form: form({ file: one, model: "gpt-9" }),
      }),
    ).rejects.toMatchObject({
      code: "invalid_model",
      status: 400,
      message: expect.stringContaining("docsvc-OCR-XL-v1"),
    });
    const eleven = [pdfFile(await makeTextPdf(Array.from({ length: 11 }, () => ["page"])))];
    await expect(
      submitExtraction({
        db,
        store: getBlobStore(),
        userId,
        tier: "free",
        apiKeyId: null,
        form: form({ file: eleven }),
      }),
    ).rejects.toMatchObject({ code: "too_many_pages", status: 413 });
    const big = [new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.pdf")];
    await expect(
      submitExtraction({ db, store: getBlobStore(), userId, tier: "free", apiKeyId: null, form: form({ file: big }) }),
    ).rejects.toMatchObject({ code: "file_too_large", status: 413 });
    const text = [new File(["\u0000\u0001binary"], "x.bin")];
    await expect(
      submitExtraction({ db, store: getBlobStore(), userId, tier: "free", apiKeyId: null, form: form({ file: text }) }),
    ).rejects.toMatchObject({ status: 415 });
    expect(await db.job.count()).toBe(before);
  });
});

describe("run-extract-job", () => {
  async function queuedJob(files: Buffer[], options: Partial<ExtractJobInput> = {}) {
    const input: ExtractJobInput = {
      files: files.map((_, index) => ({ key: null, name: `doc-${index + 1}.pdf`, size: 0, pages: null })),
      detail: false,
      output_format: "json",
      page_allowance: 10,
      ...options,
    };
    const job = await createJob({
      db,
      userId,
      type: "extract",
      model: "docsvc-OCR-XL-v1-2025-02",
      input,
      progressTotal: files.length,
    });
    const stored = await Promise.all(
      files.map(async (bytes, index) => {
        const key = jobOutputKey(job.id, `input-${index + 1}`);
        await getBlobStore().put(key, bytes, "application/octet-stream");
        return { ...input.files[index], key };
      }),
    );
    await db.job.update({ where: { id: job.id }, data: { input: { ...input, files: stored } } });
    return { job, keys: stored.map((file) => file.key) };
  }

  async function run(jobId: string) {
    const fn = createRunExtractJobFunction({ getDb: async () => db });
    const executor = createExecutor({
      db,
      definitions: [fn as AnyFunctionDefinition],
      concurrency: 1,
      logger: quiet,
      pollIntervalMs: 50,
    });
    try {
      await executor.recoverUnfinishedRuns();
      await executor.enqueue({
        name: extractJobRequested.name,
        data: { jobId },
        id: jobRunEventId({ id: jobId, type: "extract" }),
      });
      await executor.drain({ timeoutMs: 30_000 });
    } finally {
      await executor.stop();
    }
    return db.job.findUniqueOrThrow({ where: { id: jobId } });
  }

  it("extracts several files into documents plus a merged view, charges each file with the model's multiplier, and deletes the uploads", async () => {
    const { job, keys } = await queuedJob(
      [
        await makeTextPdf([invoice, ["Page two of the invoice, with enough words for a text layer."]]),
        await makeTextPdf([["Customer: Jane Roe, 12 High Street, Springfield"]]),
      ],
      { schema: [{ name: "invoice_number", type: "string" }] },
    );
    const done = await run(job.id);
    expect(done.status).toBe("completed");
    const result = ExtractionResult.parse(done.result);
    expect(result.documents).toHaveLength(2);
    expect(result.fields).toEqual({ invoice_number: "INV-1042" });
    expect(result.pages_processed).toBe(3);
    expect(done.progressCurrent).toBe(done.progressTotal);
    const charges = await db.usageEvent.findMany({ where: { jobId: job.id }, orderBy: { chargeKey: "asc" } });
    expect(charges.map((charge) => [charge.chargeKey, charge.tokens])).toEqual([
      [`job:${job.id}:file:1`, 4000],
      [`job:${job.id}:file:2`, 2000],
    ]);
    for (const key of keys) expect(await getBlobStore().exists(key)).toBe(false);
  });

  it("fails the job with a documented code when a file cannot be read, and charges nothing", async () => {
    const { job } = await queuedJob([Buffer.from("%PDF-1.7 broken")]);
    const done = await run(job.id);
    expect(serializeJob(done)).toMatchObject({ status: "failed", error: { code: "corrupt_file" } });
    expect(await db.usageEvent.count({ where: { jobId: job.id } })).toBe(0);
  });

  it("stops a cancelled job without charging", async () => {
    const { job } = await queuedJob([await makeTextPdf([invoice])]);
    await db.job.update({ where: { id: job.id }, data: { status: "cancelled", errorCode: "cancelled" } });
    const done = await run(job.id);
    expect(done.status).toBe("cancelled");
    expect(await db.usageEvent.count({ where: { jobId: job.id } })).toBe(0);
  });
});

describe("reference", () => {
  it("lists every registry format with its LibreOffice needs", () => {
    const { formats } = listFormats();
    expect(formats.find((format) => format.id === "pdf")).toMatchObject({
      mime_type: "application/pdf",
      requires_libreoffice: false,
      available: true,
    });
    expect(formats.find((format) => format.id === "doc")).toMatchObject({ requires_libreoffice: true });
  });
});

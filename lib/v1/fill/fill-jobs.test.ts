import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFillPdfJobFunction } from "@/inngest/functions/run-fill-pdf-job";
import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import { fillPdfJobRequested } from "@/lib/background/events";
import { createExecutor } from "@/lib/background/executor/create-executor";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { makeFormPdf } from "@/lib/fill/testing/make-form-pdf";
import { getBlobStore, jobOutputKey } from "@/lib/storage";
import { createJob } from "@/lib/v1/jobs/create-job";
import type { FillPdfJobInput } from "./fill-job-input";

// fill_pdf through its stages and the /v1 job life cycle, on the real executor, database and blobs.
let temp: TestDatabase;
let db: Db;
let userId: string;
const quiet = { info() {}, warn() {}, debug() {}, error() {} };

beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
  db = temp.db;
  userId = (await db.user.create({ data: { email: "fill-jobs@example.com" } })).id;
});
afterAll(() => temp?.dispose());

async function runFillPdf(target: Buffer, fieldMappings: FillPdfJobInput["fieldMappings"]) {
  const job = await createJob({ db, userId, type: "fill_pdf", model: "docsvc-fill-v1" });
  const key = jobOutputKey(job.id, "input-target.pdf");
  await getBlobStore().put(key, target, "application/octet-stream");
  const input: FillPdfJobInput = {
    target: { key, name: "form.pdf" },
    sources: [],
    fieldMappings,
    flatten: false,
    ocrModel: "docsvc-OCR-v1-2025-02",
  };
  await db.job.update({ where: { id: job.id }, data: { input } });
  const executor = createExecutor({
    db,
    definitions: [runFillPdfJobFunction as AnyFunctionDefinition],
    concurrency: 1,
    logger: quiet,
    pollIntervalMs: 50,
  });
  try {
    await executor.recoverUnfinishedRuns();
    await executor.enqueue({ name: fillPdfJobRequested.name, data: { jobId: job.id }, id: `fill_pdf:${job.id}` });
    await executor.drain({ timeoutMs: 60_000 });
  } finally {
    await executor.stop();
  }
  return db.job.findUniqueOrThrow({ where: { id: job.id } });
}

describe("fill_pdf job", () => {
  it("fills the form, stores the PDF, charges the form once and deletes the uploads", async () => {
    const target = await makeFormPdf([{ kind: "text", name: "full_name", label: "Full name" }]);
    const done = await runFillPdf(target, { full_name: "Jane Roe" });
    expect(done).toMatchObject({ status: "completed", outputType: "application/pdf", outputName: "form-filled.pdf" });
    expect(done.result).toMatchObject({
      fields_filled: 1,
      fields_total: 1,
      download_url: `/v1/jobs/${done.id}/download`,
    });
    expect(await getBlobStore().exists(done.outputKey as string)).toBe(true);
    expect(await getBlobStore().exists(jobOutputKey(done.id, "input-target.pdf"))).toBe(false);
    const charges = await db.usageEvent.findMany({ where: { jobId: done.id } });
    expect(charges.map((charge) => charge.chargeKey)).toEqual([`job:${done.id}:fill`]);
  });

  it("fails a form without fields at once with no_form_fields, charging nothing", async () => {
    const done = await runFillPdf(await makeTextPdf([["Just text, no fields."]]), { full_name: "Jane Roe" });
    expect(done).toMatchObject({ status: "failed", errorCode: "no_form_fields" });
    expect(await db.usageEvent.count({ where: { jobId: done.id } })).toBe(0);
    const run = await db.backgroundRun.findFirstOrThrow({ where: { eventId: `fill_pdf:${done.id}` } });
    expect(run).toMatchObject({ status: "completed", attempt: 0 });
  });
});

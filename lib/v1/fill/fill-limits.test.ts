import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFillPdfJobFunction } from "@/inngest/functions/run-fill-pdf-job";
import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import { fillPdfJobRequested } from "@/lib/background/events";
import { createExecutor } from "@/lib/background/executor/create-executor";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { loadFillableForm } from "@/lib/fill/pdf/load-form";
import { makeEncryptedPdf } from "@/lib/fill/testing/make-encrypted-pdf";
import { makeFormPdf } from "@/lib/fill/testing/make-form-pdf";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore, jobOutputKey } from "@/lib/storage";
import { cancelJob } from "@/lib/v1/jobs/cancel-job";
import { createJob } from "@/lib/v1/jobs/create-job";
import type { FillPdfJobInput } from "./fill-job-input";
import { submitFillPdf } from "./submit-fill-pdf";

// The limits of /v1/fill/pdf: the target form's pages count against the tier's page limit at
// submission, an encrypted form is refused with what to do about it, and a cancelled job stops.

let temp: TestDatabase;
let db: Db;
let userId: string;
const quiet = { info() {}, warn() {}, debug() {}, error() {} };

beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
  db = temp.db;
  userId = (await db.user.create({ data: { email: "fill-limits@example.com" } })).id;
}, 120_000);
afterAll(async () => {
  await terminateOcrPool();
  await temp?.dispose();
});

async function blankPdf(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page++) document.addPage([612, 792]);
  return Buffer.from(await document.save());
}

function submit(target: Buffer, options: { tier?: string; sources?: File[]; name?: string } = {}) {
  return submitFillPdf({
    db,
    store: getBlobStore(),
    userId,
    tier: options.tier ?? "free",
    apiKeyId: null,
    form: {
      target_pdf: new File([new Uint8Array(target)], options.name ?? "form.pdf", { type: "application/pdf" }),
      source_files: options.sources,
      field_mappings: { full_name: "Jane Roe" },
      flatten: false,
    },
  });
}

describe("POST /v1/fill/pdf limits", () => {
  it("counts the target form's pages against the tier's page limit at submission (413 with the limit)", async () => {
    const target = await blankPdf(5000);
    expect(target.length).toBeLessThan(1024 * 1024);
    await expect(submit(target, { name: "huge.pdf" })).rejects.toMatchObject({
      code: "too_many_pages",
      status: 413,
      message:
        "target_pdf huge.pdf has 5000 pages; the Free tier allows at most 10 pages per request, the form's and the source files' together.",
    });
    expect(await db.job.count({ where: { userId } })).toBe(0);
  });

  it("counts the form's and the sources' pages together", async () => {
    const source = await makeTextPdf(Array.from({ length: 5 }, (_, page) => [`Source page ${page + 1}`]));
    await expect(
      submit(await blankPdf(6), { sources: [new File([new Uint8Array(source)], "source.pdf")] }),
    ).rejects.toMatchObject({ code: "too_many_pages", message: expect.stringContaining("at most 10 pages") });
  });

  for (const openWithoutPassword of [false, true]) {
    it(`refuses an encrypted form (${openWithoutPassword ? "permissions only" : "open password"}) saying what to do`, async () => {
      const form = await makeFormPdf([{ kind: "text", name: "full_name", label: "Full name" }]);
      const refused = await submit(await makeEncryptedPdf(form, { openWithoutPassword }), { name: "locked.pdf" }).then(
        () => undefined,
        (error: unknown) => error as { code: string; status: number; message: string },
      );
      expect(refused).toMatchObject({ code: "corrupt_file", status: 422 });
      expect(refused!.message).toMatch(/^locked\.pdf is encrypted .* send that unencrypted copy\.$/);
      expect(refused!.message).not.toMatch(/password (parameter|field)|ignoreEncryption/);
    });
  }

  it("an encrypted form reaching the fill itself gets the same advice, not pdf-lib's hint", async () => {
    const form = await makeFormPdf([{ kind: "text", name: "full_name", label: "Full name" }]);
    const refused = await loadFillableForm(await makeEncryptedPdf(form, { openWithoutPassword: true })).then(
      () => undefined,
      (error: unknown) => error as { code: string; message: string },
    );
    expect(refused).toMatchObject({ code: "corrupt_file", message: expect.stringContaining("unencrypted copy") });
    expect(refused!.message).not.toContain("ignoreEncryption");
  });
});

describe("cancelling a fill_pdf job", () => {
  it("stops reading the form within seconds instead of reading every page", async () => {
    // 40 blank pages: each needs OCR (seconds a page here), so reading them all takes minutes.
    const target = await blankPdf(40);
    const job = await createJob({ db, userId, type: "fill_pdf", model: "docsvc-fill-v1" });
    const key = jobOutputKey(job.id, "input-target.pdf");
    await getBlobStore().put(key, target, "application/octet-stream");
    const input: FillPdfJobInput = {
      target: { key, name: "blank.pdf" },
      sources: [],
      fieldMappings: { full_name: "Jane Roe" },
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
      await expect
        .poll(async () => (await db.job.findUniqueOrThrow({ where: { id: job.id } })).progressMessage, {
          timeout: 30_000,
        })
        .toBe("Reading the form");
      await cancelJob({ db, userId, jobId: job.id });
      // Far less than reading the 40 pages: a run that kept reading would still be going.
      const stillReading = new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 45_000).unref());
      expect(await Promise.race([executor.drain().then(() => "stopped"), stillReading])).toBe("stopped");
    } finally {
      await executor.stop();
    }
    const run = await db.backgroundRun.findFirstOrThrow({ where: { eventId: `fill_pdf:${job.id}` } });
    expect(run).toMatchObject({ status: "completed", attempt: 0 });
    expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "cancelled" });
    expect(await db.usageEvent.count({ where: { jobId: job.id } })).toBe(0);
  }, 240_000);
});

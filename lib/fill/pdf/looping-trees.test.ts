import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFillPdfJobFunction } from "@/inngest/functions/run-fill-pdf-job";
import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import { fillPdfJobRequested } from "@/lib/background/events";
import { createExecutor } from "@/lib/background/executor/create-executor";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { getBlobStore, jobOutputKey } from "@/lib/storage";
import { createJob } from "@/lib/v1/jobs/create-job";
import { makeFieldTreeLoopPdf, makePageTreeLoopPdf } from "../testing/make-looping-pdfs";
import { loadFillableForm } from "./load-form";
import { readFormFields } from "./read-form-fields";

// A form whose page tree or field tree loops is damaged: corrupt_file at once, never a stack
// overflow retried as if it were a passing fault.

const damaged = [
  ["page tree", makePageTreeLoopPdf],
  ["form field tree", makeFieldTreeLoopPdf],
] as const;

let temp: TestDatabase;
let db: Db;
beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
  db = temp.db;
}, 300_000);
afterAll(() => temp?.dispose());

describe("forms whose trees loop", () => {
  for (const [tree, make] of damaged) {
    it(`refuses a ${tree} that loops as corrupt_file`, async () => {
      const opened = loadFillableForm(await make()).then(readFormFields);
      await expect(opened).rejects.toMatchObject({
        code: "corrupt_file",
        message: expect.stringContaining(`its ${tree} loops back on itself`),
      });
    });

    it(`fails a fill_pdf job on a ${tree} that loops at once, without retries`, async () => {
      const userId = (await db.user.create({ data: { email: `loop-${tree.length}@example.com` } })).id;
      const job = await createJob({ db, userId, type: "fill_pdf", model: "docsvc-fill-v1" });
      const key = jobOutputKey(job.id, "input-target.pdf");
      await getBlobStore().put(key, await make(), "application/octet-stream");
      const input = {
        target: { key, name: "loop.pdf" },
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
        logger: { info() {}, warn() {}, debug() {}, error() {} },
        pollIntervalMs: 50,
      });
      try {
        await executor.recoverUnfinishedRuns();
        await executor.enqueue({ name: fillPdfJobRequested.name, data: { jobId: job.id }, id: `fill_pdf:${job.id}` });
        await executor.drain({ timeoutMs: 120_000 });
      } finally {
        await executor.stop();
      }
      expect(await db.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
        status: "failed",
        errorCode: "corrupt_file",
      });
      const run = await db.backgroundRun.findFirstOrThrow({ where: { eventId: `fill_pdf:${job.id}` } });
      expect(run).toMatchObject({ status: "completed", attempt: 0 });
    }, 180_000);
  }
});

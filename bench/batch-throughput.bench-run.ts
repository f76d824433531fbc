import { afterAll, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { useDataDirDatabase } from "./data-dir-database";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { getDb } from "@/lib/db";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { functionDefinitions } from "@/inngest/functions";
import { startExecutor, stopExecutor } from "@/lib/background";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore, resetBlobStoreForTests } from "@/lib/storage";

// A 100-page batch from upload to completed, through the services and the in-process executor
// (no HTTP server, no browser) on a fresh embedded database: the same path POST /api/batch/upload
// takes after parsing the form. Prints pages/s and the time until the first page was readable.
// Run: npx vitest run --config bench/vitest.config.ts bench/batch-throughput.bench-run.ts

const PAGES = 100;
let dispose: (() => Promise<void>) | undefined;

afterAll(async () => {
  await stopExecutor();
  await terminateOcrPool();
  await dispose?.();
});

it("100-page batch: upload to completed", async () => {
  dispose = (await useDataDirDatabase()).dispose;
  resetBlobStoreForTests();
  const db = await getDb();
  const user = await registerUser({ db, email: "bench@example.com", password: "a sensible passphrase" });
  // Growth allows 100 pages per upload; its allowance covers them.
  await db.user.update({ where: { id: user.id }, data: { tier: "growth" } });
  // Ten 10-page digital PDFs: a mix of documents running in parallel, each read in chunks.
  const files = await Promise.all(
    Array.from({ length: 10 }, async (_, file) => {
      const pages = Array.from({ length: 10 }, (_, page) => [
        `Document ${file + 1} page ${page + 1}`,
        "Invoice Number: INV-1000",
        "Total: 99.00 EUR",
      ]);
      return new File([new Uint8Array(await makeTextPdf(pages))], `doc-${file + 1}.pdf`, { type: "application/pdf" });
    }),
  );
  await startExecutor({ definitions: functionDefinitions });

  const started = performance.now();
  const upload = await uploadBatch({ db, store: getBlobStore(), owner: { userId: user.id }, tier: "growth", files });
  const uploadedMs = performance.now() - started;
  let firstPageMs: number | undefined;
  for (;;) {
    const [done, batch] = await Promise.all([
      db.page.count({ where: { document: { batchId: upload.batch_id }, status: "completed" } }),
      db.batch.findUniqueOrThrow({ where: { id: upload.batch_id }, select: { status: true } }),
    ]);
    if (done > 0 && firstPageMs === undefined) firstPageMs = performance.now() - started;
    if (!["uploaded", "queued", "processing"].includes(batch.status)) {
      const totalMs = performance.now() - started;
      console.log(
        `batch of ${PAGES} pages (10 PDFs × 10): status ${batch.status}, upload ${uploadedMs.toFixed(0)} ms, ` +
          `first completed page after ${(firstPageMs ?? totalMs).toFixed(0)} ms, completed after ${(totalMs / 1000).toFixed(1)} s, ` +
          `${(done / (totalMs / 1000)).toFixed(1)} pages/s (${done} pages completed)`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

import { randomUUID } from "node:crypto";
import { afterAll, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { useTempDatabase } from "@/lib/auth/testing/temp-database";
import { boundingBoxesOf, structuredDataOf } from "@/lib/batches/processing/page-data";
import { getDb, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import type { Page } from "@/lib/documents/types";
import { CONVERT_ALL_FORMATS, convertDocument } from "@/lib/export/convert/convert-document";
import { exportBatch } from "@/lib/export/export-batch";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore, originalKey, pageImageKey, resetBlobStoreForTests } from "@/lib/storage";

// Time and peak memory of each export and convert, for a 200-page digital PDF and a 20-page scan
// (one OCR'd page image stored as 20 pages, so the bench measures the export, not OCR), and the
// same digital document at 50 pages to show whether memory grows with pages. Prints; asserts nothing.
// Run: npx vitest run --config bench/vitest.config.ts bench/export.bench-run.ts

let database: { dispose(): Promise<void> } | undefined;
afterAll(async () => {
  await terminateOcrPool();
  await database?.dispose();
});

async function storeDocument(
  db: Db,
  userId: string,
  options: { pages: Page[]; pageCount: number; original: Buffer; type: "pdf" | "png"; image?: Buffer },
) {
  const batchId = randomUUID();
  const documentId = randomUUID();
  const store = getBlobStore();
  const key = originalKey(batchId, documentId, options.type);
  await store.put(key, options.original, options.type === "pdf" ? "application/pdf" : "image/png");
  await db.batch.create({
    data: { id: batchId, userId, name: `${options.pageCount}-page ${options.type}`, status: "completed" },
  });
  await db.batchDocument.create({
    data: {
      id: documentId,
      batchId,
      fileName: `doc.${options.type}`,
      contentType: "application/octet-stream",
      detectedType: options.type,
      sizeBytes: options.original.length,
      storageKey: key,
      status: "completed",
      pagesTotal: options.pageCount,
    },
  });
  for (let pageNumber = 1; pageNumber <= options.pageCount; pageNumber++) {
    const page = options.pages[(pageNumber - 1) % options.pages.length];
    const imageKey = options.image ? pageImageKey(batchId, documentId, pageNumber) : null;
    if (imageKey) await store.put(imageKey, options.image!, "image/png");
    await db.page.create({
      data: {
        documentId,
        pageNumber,
        extractedText: page.text,
        boundingBoxes: boundingBoxesOf(page) as unknown as Prisma.InputJsonObject,
        structuredData: structuredDataOf([page]),
        source: page.source,
        imageKey,
        width: page.width,
        height: page.height,
      },
    });
  }
  return { batchId, documentId };
}

/** Wall time and the peak resident memory above the level before the operation, sampled every 5 ms. */
async function measure(label: string, operation: () => Promise<number>): Promise<void> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  const bytes = await operation();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `${label.padEnd(38)} ${seconds.toFixed(2).padStart(6)} s   peak +${((peak - before) / 1024 / 1024).toFixed(0).padStart(4)} MB   output ${(bytes / 1024).toFixed(0)} KB`,
  );
}

it("exports and converts", async () => {
  database = await useTempDatabase();
  resetBlobStoreForTests();
  const db = await getDb();
  const owner = {
    userId: (await registerUser({ db, email: `bench-${Date.now()}@example.com`, password: "a sensible passphrase" }))
      .id,
  };

  const lines = (page: number) => [
    `Invoice Number: INV-${page}`,
    "Customer: Acme Ltd",
    "Date: 2025-03-14",
    "Item  Qty  Price",
    "Widget  2  10.00",
    "Gadget  1  5.50",
    "Total: 25.50",
  ];
  const digital200 = await makeTextPdf(Array.from({ length: 200 }, (_, index) => lines(index + 1)));
  const digitalPages = (await readDocument({ bytes: digital200 })).pages;
  const scanImage = await renderTextImage(
    Array.from({ length: 24 }, (_, index) =>
      index % 2 ? `Line ${index}: amount ${index * 3}.50 EUR` : `Receipt ${7000 + index} Customer Acme`,
    ),
    { fontSize: 36 },
  );
  const scanPages = (await readDocument({ bytes: scanImage })).pages;

  const digital = await storeDocument(db, owner.userId, {
    pages: digitalPages,
    pageCount: 200,
    original: digital200,
    type: "pdf",
  });
  const digital50 = await storeDocument(db, owner.userId, {
    pages: digitalPages.slice(0, 50),
    pageCount: 50,
    original: await makeTextPdf(Array.from({ length: 50 }, (_, index) => lines(index + 1))),
    type: "pdf",
  });
  const scanned = await storeDocument(db, owner.userId, {
    pages: scanPages,
    pageCount: 20,
    original: scanImage,
    type: "png",
    image: scanImage,
  });

  const store = getBlobStore();
  const run = (ids: { batchId: string }, format: "pdf" | "docx", mode?: "searchable" | "report") => async () =>
    (
      await (
        await exportBatch(db, store, { owner, batchId: ids.batchId, format, request: mode ? { mode } : {} })
      ).arrayBuffer()
    ).byteLength;
  const convertAll = (ids: { documentId: string }) => async () => {
    const result = await convertDocument(db, { owner, documentId: ids.documentId, formats: [...CONVERT_ALL_FORMATS] });
    return Object.values(result.outputs).reduce((sum, output) => sum + (output?.content.length ?? 0), 0);
  };

  await run(digital50, "pdf", "report")(); // warm-up: fonts, modules
  console.log(`export/convert on ${process.platform}, Node ${process.version}`);
  await measure("convert-all, 200-page digital", convertAll(digital));
  await measure("convert-all, 50-page digital", convertAll(digital50));
  await measure("searchable PDF, 200-page digital", run(digital, "pdf", "searchable"));
  await measure("report PDF, 200-page digital", run(digital, "pdf", "report"));
  await measure("report PDF, 50-page digital", run(digital50, "pdf", "report"));
  await measure("DOCX, 200-page digital", run(digital, "docx"));
  await measure("DOCX, 50-page digital", run(digital50, "docx"));
  await measure("searchable PDF, 20-page scan", run(scanned, "pdf", "searchable"));
  await measure("report PDF, 20-page scan", run(scanned, "pdf", "report"));
  await measure("DOCX, 20-page scan", run(scanned, "docx"));
  for (const format of ["xml", "csv", "yaml", "markdown", "text"] as const) {
    await measure(
      `convert ${format}, 200-page digital`,
      async () =>
        (await convertDocument(db, { owner, documentId: digital.documentId, formats: [format] })).outputs[format]!
          .content.length,
    );
  }
});

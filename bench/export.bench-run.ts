import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { useDataDirDatabase } from "./data-dir-database";
import { boundingBoxesOf, structuredDataOf } from "@/lib/batches/processing/page-data";
import { resetConfigForTests } from "@/lib/config";
import { closeDb, getDb, type Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import type { Page } from "@/lib/pages/types";
import { CONVERT_ALL_FORMATS, convertDocument } from "@/lib/export/convert/convert-document";
import { exportBatch } from "@/lib/export/export-batch";
import { getBlobStore, originalKey, pageImageKey, resetBlobStoreForTests } from "@/lib/storage";

// Time and peak memory of each export and convert, for digital documents of 50, 200 and 800 pages and
// scans of 20 and 80 pages (one OCR'd page image stored as every page, so the bench measures the
// export, not OCR). Prints; asserts nothing.
// Run: npx vitest run --config bench/vitest.config.ts bench/export.bench-run.ts
// EXPORT_BENCH_ONLY=<text> runs only the cases whose label contains it (e.g. "searchable").
//
// How memory is measured: the parent stores the documents in a PGlite database under a temp
// DATA_DIR and closes it; every case then runs in a fresh child process (this file again, with
// EXPORT_BENCH_CASE set), so no case inherits another's heap. The child opens the database, runs the
// same operation once on a 2-page document (modules, fonts, JIT), collects garbage, resets the
// kernel's peak-RSS mark (writes 5 to /proc/self/clear_refs), runs the case reading the response
// body as a client would (chunks counted and dropped), and reports VmHWM − VmRSS-before: the peak
// resident memory the operation added, exact rather than sampled, but including garbage not yet
// collected and heap V8 keeps after collecting, so it is noisy. It then runs the case again and
// reports the peak live heap (V8 heap used + external buffers, read after a full collection each
// time the client takes a chunk) above the level before: what the operation holds, which is what
// "flat in pages" is about. A file built in memory is seen whole when its first chunk is taken;
// the transient peak of building it only shows in the RSS figure.

type Operation = "convert-all" | "report" | "docx" | "searchable";
interface BenchCase {
  label: string;
  operation: Operation;
  document: string;
}
interface StoredIds {
  batchId: string;
  documentId: string;
}
interface Manifest {
  userId: string;
  documents: Record<string, StoredIds>;
}
const MANIFEST = "export-bench-manifest.json";
const CASE = process.env.EXPORT_BENCH_CASE;

async function storeDocument(
  db: Db,
  userId: string,
  options: { pages: Page[]; pageCount: number; original: Buffer; type: "pdf" | "png"; image?: Buffer },
): Promise<StoredIds> {
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

const lines = (page: number) => [
  `Invoice Number: INV-${page}`,
  "Customer: Acme Ltd",
  "Date: 2025-03-14",
  "Item  Qty  Price",
  "Widget  2  10.00",
  "Gadget  1  5.50",
  "Total: 25.50",
];

async function prepare(db: Db): Promise<Manifest> {
  const userId = (
    await registerUser({ db, email: `bench-${Date.now()}@example.com`, password: "a sensible passphrase" })
  ).id;
  const documents: Record<string, StoredIds> = {};
  const digitalPages = (
    await readDocument({ bytes: await makeTextPdf(Array.from({ length: 50 }, (_, index) => lines(index + 1))) })
  ).pages;
  for (const pageCount of [2, 50, 200, 800])
    documents[`digital-${pageCount}`] = await storeDocument(db, userId, {
      pages: digitalPages,
      pageCount,
      original: await makeTextPdf(Array.from({ length: pageCount }, (_, index) => lines(index + 1))),
      type: "pdf",
    });
  const scanImage = await renderTextImage(
    Array.from({ length: 24 }, (_, index) =>
      index % 2 ? `Line ${index}: amount ${index * 3}.50 EUR` : `Receipt ${7000 + index} Customer Acme`,
    ),
    { fontSize: 36 },
  );
  const scanPages = (await readDocument({ bytes: scanImage })).pages;
  for (const pageCount of [2, 20, 80])
    documents[`scan-${pageCount}`] = await storeDocument(db, userId, {
      pages: scanPages,
      pageCount,
      original: scanImage,
      type: "png",
      image: scanImage,
    });
  return { userId, documents };
}

/** Runs one operation and reads its whole output as a client would; returns the bytes produced. */
async function runOperation(
  db: Db,
  manifest: Manifest,
  operation: Operation,
  ids: StoredIds,
  onProgress: () => void = () => {},
): Promise<number> {
  const owner = { userId: manifest.userId };
  if (operation === "convert-all") {
    const result = await convertDocument(db, { owner, documentId: ids.documentId, formats: [...CONVERT_ALL_FORMATS] });
    onProgress();
    return Object.values(result.outputs).reduce((sum, output) => sum + (output?.content.length ?? 0), 0);
  }
  const response = await exportBatch(db, getBlobStore(), {
    owner,
    batchId: ids.batchId,
    format: operation === "docx" ? "docx" : "pdf",
    request: operation === "docx" ? {} : { mode: operation },
  });
  let bytes = 0;
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    onProgress();
  }
  return bytes;
}

function kilobytesOf(field: "VmRSS" | "VmHWM"): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync("/proc/self/status", "utf8"))![1]);
}

async function runCase(benchCase: BenchCase): Promise<void> {
  resetConfigForTests();
  resetBlobStoreForTests();
  const db = await getDb();
  const manifest = JSON.parse(readFileSync(path.join(process.env.DATA_DIR!, MANIFEST), "utf8")) as Manifest;
  const warmUp = benchCase.operation === "searchable" && benchCase.document.startsWith("scan") ? "scan-2" : "digital-2";
  await runOperation(db, manifest, benchCase.operation, manifest.documents[warmUp]);
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const document = manifest.documents[benchCase.document];
  gc();
  gc();
  writeFileSync("/proc/self/clear_refs", "5");
  const before = kilobytesOf("VmRSS");
  const started = performance.now();
  const bytes = await runOperation(db, manifest, benchCase.operation, document);
  const seconds = (performance.now() - started) / 1000;
  const peakMb = (kilobytesOf("VmHWM") - before) / 1024;
  // Second run: what the operation keeps alive, garbage aside. Exports run mostly on promise
  // continuations, where timers seldom fire, so the live heap (V8 heap + external buffers, right
  // after a full collection) is read each time the client takes a chunk (at most every 20 ms) and
  // at the end: mid-document for a streamed export, with the whole file held for one built in memory.
  const live = () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.external;
  };
  const liveBefore = live();
  let livePeak = liveBefore;
  let lastSample = 0;
  await runOperation(db, manifest, benchCase.operation, document, () => {
    if (performance.now() - lastSample < 20) return;
    livePeak = Math.max(livePeak, live());
    lastSample = performance.now();
  });
  const liveMb = (livePeak - liveBefore) / 1024 / 1024;
  console.log(`EXPORT_BENCH_RESULT ${JSON.stringify({ seconds, peakMb, liveMb, bytes })}`);
  await closeDb();
}

const CASES: BenchCase[] = [
  ...[50, 200, 800].map((pages) => ({
    label: `convert-all, ${pages}-page digital`,
    operation: "convert-all" as const,
    document: `digital-${pages}`,
  })),
  ...[50, 200, 800].map((pages) => ({
    label: `report PDF, ${pages}-page digital`,
    operation: "report" as const,
    document: `digital-${pages}`,
  })),
  ...[50, 200, 800].map((pages) => ({
    label: `DOCX, ${pages}-page digital`,
    operation: "docx" as const,
    document: `digital-${pages}`,
  })),
  ...[50, 200, 800].map((pages) => ({
    label: `searchable PDF, ${pages}-page digital`,
    operation: "searchable" as const,
    document: `digital-${pages}`,
  })),
  ...[20, 80].map((pages) => ({
    label: `searchable PDF, ${pages}-page scan`,
    operation: "searchable" as const,
    document: `scan-${pages}`,
  })),
  { label: "report PDF, 20-page scan", operation: "report", document: "scan-20" },
  { label: "DOCX, 20-page scan", operation: "docx", document: "scan-20" },
];

if (CASE) {
  it("measures one case", async () => runCase(JSON.parse(CASE) as BenchCase));
} else {
  it("exports and converts", async () => {
    const database = await useDataDirDatabase();
    resetBlobStoreForTests();
    const dataDir = process.env.DATA_DIR!;
    try {
      const manifest = await prepare(await getDb());
      writeFileSync(path.join(dataDir, MANIFEST), JSON.stringify(manifest));
      await closeDb();
      console.log(`export/convert on ${process.platform}, Node ${process.version}; each case in a fresh process`);
      const only = process.env.EXPORT_BENCH_ONLY;
      for (const benchCase of CASES.filter((entry) => !only || entry.label.includes(only))) {
        const child = spawnSync(
          process.execPath,
          [
            path.resolve("node_modules/vitest/vitest.mjs"),
            "run",
            "--config",
            "bench/vitest.config.ts",
            "bench/export.bench-run.ts",
          ],
          {
            env: { ...process.env, EXPORT_BENCH_CASE: JSON.stringify(benchCase), DATA_DIR: dataDir },
            encoding: "utf8",
          },
        );
        const line = /EXPORT_BENCH_RESULT (\{.*\})/.exec(child.stdout)?.[1];
        if (!line) {
          console.log(`${benchCase.label}: failed\n${child.stdout}\n${child.stderr}`);
          continue;
        }
        const result = JSON.parse(line) as { seconds: number; peakMb: number; liveMb: number; bytes: number };
        console.log(
          `${benchCase.label.padEnd(38)} ${result.seconds.toFixed(2).padStart(6)} s   RSS peak +${result.peakMb.toFixed(0).padStart(4)} MB   live peak +${result.liveMb.toFixed(1).padStart(6)} MB   output ${(result.bytes / 1024).toFixed(0)} KB`,
        );
      }
    } finally {
      await database.dispose();
    }
  });
}

import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, it } from "vitest";
import { makeImagePdf, makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { scaleUser, startBenchServer, type BenchServer } from "./api-server";
import { commandExists, megabytes, percentile, seconds, verdict } from "./figures";

// Speed as a user meets it: the built app (`next start`) over HTTP, inputs generated here.
// Build first (under the shared lock on a shared machine), then run:
//   node node_modules/next/dist/bin/next build
//   npx vitest run --config bench/vitest.config.ts bench/api-throughput.bench-run.ts
// BENCH_PORT (default 3621) is the app's port; BENCH_SCAN_200=1 also reads a 200-page scan (minutes)
// to compare the server's peak memory with the 20-page one. BENCH_ONLY=digital or BENCH_ONLY=scans
// runs one half; BENCH_CPU_PROF=<folder> has the server write a CPU profile there when it stops.
// The end lists each speed and memory target (docs/performance.md) as met or not; the stage records above it say why.

const run = promisify(execFile);
const port = Number(process.env.BENCH_PORT ?? 3621);
const only = process.env.BENCH_ONLY;
let server: BenchServer | undefined;
const folder = mkdtempSync(path.join(os.tmpdir(), "docsvc-bench-api-in-"));

afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

const lorem = "The quick brown fox jumps over the lazy dog while invoice 4821 totals 1,234.50 EUR on 14 March 2025.";

function digitalPdf(pages: number): Promise<Buffer> {
  return makeTextPdf(
    Array.from({ length: pages }, (_, page) =>
      Array.from({ length: 40 }, (_, line) => `${page + 1}.${line + 1} ${lorem}`),
    ),
    { fontSize: 10 },
  );
}

/** A4 pages of 12 pt prose (~2,000 characters) at 300 DPI, grey, as a scanner would give them. */
async function scannedPages(
  count: number,
  seed: number,
  options: { palette?: boolean } = {},
): Promise<{ lines: string[][]; pngs: Buffer[] }> {
  const lines = Array.from({ length: count }, (_, page) => proseLines(30, 70, seed + page));
  const pngs = await Promise.all(
    lines.map((text) =>
      sharp(textSvg(text, { width: 2550, fontSize: 50, margin: 200 }))
        .resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" })
        .flatten({ background: "#fff" })
        .greyscale()
        .png(options.palette ? { palette: true, colours: 16 } : {})
        .toBuffer(),
    ),
  );
  return { lines, pngs };
}

function form(bytes: Buffer, name: string, field = "files"): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), name);
  return body;
}

async function api<T>(token: string, pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${server!.baseUrl}${pathAndQuery}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Each target beside its measured figure, printed together at the end. */
const verdicts: string[] = [];
const against = (...args: Parameters<typeof verdict>) => verdicts.push(verdict(...args));

/** The stage record the server logged for a document (event "document timings", debug level). */
function stageLine(documentId: string): string {
  const record = server!
    .logLines()
    .filter((line) => line.event === "document timings" && line.document_id === documentId)
    .at(-1);
  if (!record) return "  stages: (no timing record logged)";
  const stages = ["read", "render", "ocr", "structure", "store", "rows", "charge"]
    .map((stage) => `${stage} ${Number(record[`${stage}_ms`]).toFixed(0)}`)
    .join(", ");
  return `  stages (ms summed over pages): ${stages}; wall ${record.wall_ms} ms for ${record.pages} pages`;
}

/** Gaps between consecutive pages being saved, from the server's page log lines (ms). */
function pageGaps(documentId: string, since: number): number[] {
  const times = server!
    .logLines()
    .filter((line) => line.event === "page" && line.document_id === documentId)
    .map((line) => Date.parse(String(line.time)))
    .sort((a, b) => a - b);
  return [times[0] - since, ...times.slice(1).map((time, index) => time - times[index])];
}

async function ocrProcess(token: string, label: string, bytes: Buffer, pages: number): Promise<number> {
  const started = performance.now();
  const startedAt = Date.now();
  server!.resetPeakRss();
  const result = await api<{ document_id: string }>(token, "/api/ocr/process", {
    method: "POST",
    body: form(bytes, `${label}.pdf`, "file"),
  });
  const total = performance.now() - started;
  const gaps = pageGaps(result.document_id, startedAt);
  console.log(
    `POST /api/ocr/process, ${label}: ${seconds(total)} (${(pages / (total / 1000)).toFixed(1)} pages/s, ` +
      `${(total / pages / 1000).toFixed(3)} s/page); per page p50 ${percentile(gaps, 50)} ms, p95 ${percentile(gaps, 95)} ms; ` +
      `peak RSS ${megabytes(server!.peakRss())}`,
  );
  console.log(stageLine(result.document_id));
  return total;
}

interface BatchRun {
  batchId: string;
  documentId: string;
  totalMs: number;
  /** From the upload's answer to the first page in GET /api/batch/results. */
  firstInResultsMs: number;
  peakRss: number;
}

/** Upload as a batch and poll status and results until the batch is no longer running. */
async function batchUpload(token: string, label: string, bytes: Buffer, pages: number): Promise<BatchRun> {
  server!.resetPeakRss();
  const started = performance.now();
  const upload = await api<{ batch_id: string; documents: Array<{ document_id: string }> }>(
    token,
    "/api/batch/upload",
    { method: "POST", body: form(bytes, `${label}.pdf`) },
  );
  const answered = performance.now();
  const answeredAt = Date.now();
  // The upload's own peak (the body parsed, the file inspected and stored) apart from the reading's.
  const uploadPeak = server!.peakRss();
  server!.resetPeakRss();
  const documentId = upload.documents[0].document_id;
  let firstInResults: number | undefined;
  let firstInStatus: number | undefined;
  for (;;) {
    const [status, results] = await Promise.all([
      api<{ status: string; pages_done: number }>(token, `/api/batch/status/${upload.batch_id}`),
      firstInResults === undefined
        ? api<{ documents: Array<{ pages: unknown[] }> }>(token, `/api/batch/results/${upload.batch_id}?page_limit=1`)
        : undefined,
    ]);
    const now = performance.now();
    if (firstInResults === undefined && (results?.documents[0]?.pages.length ?? 0) > 0) firstInResults = now - answered;
    if (firstInStatus === undefined && status.pages_done > 0) firstInStatus = now - answered;
    if (!["uploaded", "queued", "processing"].includes(status.status)) {
      const total = now - started;
      const gaps = pageGaps(documentId, answeredAt);
      const peakRss = Math.max(uploadPeak, server!.peakRss());
      console.log(
        `batch upload → ${status.status}, ${label}: ${seconds(total)} (${(pages / (total / 1000)).toFixed(1)} pages/s, ` +
          `${(total / pages / 1000).toFixed(3)} s/page); upload answered after ${seconds(answered - started)}; ` +
          `first page in results ${seconds(firstInResults ?? total)}, in status ${seconds(firstInStatus ?? total)} after the upload answered; ` +
          `per page p50 ${percentile(gaps, 50)} ms, p95 ${percentile(gaps, 95)} ms; ` +
          `peak RSS ${megabytes(peakRss)} (upload ${megabytes(uploadPeak)}, reading ${megabytes(server!.peakRss())}) ` +
          `for a file of ${megabytes(bytes.length)}`,
      );
      console.log(stageLine(documentId));
      return {
        batchId: upload.batch_id,
        documentId,
        totalMs: total,
        firstInResultsMs: firstInResults ?? total,
        peakRss,
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function characterErrors(token: string, batch: BatchRun, expected: string[][]): Promise<string> {
  const results = await api<{ documents: Array<{ pages: Array<{ page_number: number; extracted_text: string }> }> }>(
    token,
    `/api/batch/results/${batch.batchId}`,
  );
  const rates = results.documents[0].pages.map((page) =>
    characterErrorRate(expected[page.page_number - 1].join("\n"), page.extracted_text),
  );
  return `median ${(percentile(rates, 50) * 100).toFixed(2)}%, worst ${(Math.max(...rates) * 100).toFixed(2)}%`;
}

async function timePeer(label: string, pages: number, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  const total = performance.now() - started;
  console.log(`peer ${label}: ${seconds(total)} (${(total / pages / 1000).toFixed(3)} s/page)`);
}

it("API throughput: digital and scanned PDFs over HTTP against the built app", async () => {
  console.log(`Node ${process.version}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model}`);
  const [digital50, digital200, scans] = await Promise.all([digitalPdf(50), digitalPdf(200), scannedPages(20, 101)]);
  const scanned20 = await makeImagePdf(scans.pngs);
  server = await startBenchServer(port, { cpuProfileDir: process.env.BENCH_CPU_PROF });
  const token = await scaleUser(server);
  server.resetPeakRss();
  console.log(`app started on port ${port}; idle RSS ${megabytes(server.peakRss())}`);

  // Warm-up: the first request to each route loads its code, the first OCR page starts the workers.
  await api(token, "/api/ocr/process", { method: "POST", body: form(await digitalPdf(2), "warm.pdf", "file") });
  await batchUpload(token, "warm-up scan (1 page)", await makeImagePdf(scans.pngs.slice(0, 1)), 1);

  if (only !== "scans") {
    against(
      "50-page digital PDF, POST /api/ocr/process",
      await ocrProcess(token, "50-page digital PDF", digital50, 50),
      500,
      seconds,
    );
    const batch50 = await batchUpload(token, "50-page digital PDF", digital50, 50);
    against("50-page digital PDF, batch upload → completed", batch50.totalMs, 1000, seconds);
    against("50-page digital PDF, first page in results", batch50.firstInResultsMs, 300, seconds);
    const batch200 = await batchUpload(token, "200-page digital PDF", digital200, 200);
    against("200-page digital PDF, batch upload → completed", batch200.totalMs, 2500, seconds);
  }
  if (only !== "digital") await scanRuns(token, scans, scanned20);
  console.log(`targets:\n  ${verdicts.join("\n  ")}`);
  if (only !== "digital") await peers(scans.pngs, digital50, scanned20);
});

async function scanRuns(token: string, scans: { lines: string[][]; pngs: Buffer[] }, scanned20: Buffer): Promise<void> {
  const scanRun = await batchUpload(
    token,
    "20 scanned 300-DPI pages (12 pt, ~2,000 characters), docsvc-OCR-v1",
    scanned20,
    20,
  );
  console.log(`  character error rate: ${await characterErrors(token, scanRun, scans.lines)}`);
  against("20 scanned pages, batch upload → completed, per page", scanRun.totalMs / 20, 950, seconds);
  against("20 scanned pages, first page in results", scanRun.firstInResultsMs, 3000, seconds);
  against("20 scanned pages, peak server RSS", scanRun.peakRss, 1.2e9, megabytes);
  if (process.env.BENCH_SCAN_200 === "1") {
    // 200 full-grey pages (~0.7 MB each) exceed the Scale tier's 100 MB per file, so the memory
    // comparison reads the same pages in 16 grey levels, 20 of them and then 200.
    const small = await scannedPages(20, 1001, { palette: true });
    const run20 = await batchUpload(
      token,
      "20 scanned 300-DPI pages, 16 grey levels",
      await makeImagePdf(small.pngs),
      20,
    );
    const large = await scannedPages(200, 1001, { palette: true });
    const run200 = await batchUpload(
      token,
      "200 scanned 300-DPI pages, 16 grey levels",
      await makeImagePdf(large.pngs),
      200,
    );
    against("200 scanned pages, peak server RSS", run200.peakRss, 1.2e9, megabytes);
    against(
      "200 scanned pages, peak RSS over 20 such pages",
      run200.peakRss / run20.peakRss,
      1.1,
      (ratio) => `×${ratio.toFixed(2)}`,
    );
  }
}

/** The same inputs through other tools, when they are installed. */
async function peers(pngs: Buffer[], digital50: Buffer, scanned20: Buffer): Promise<void> {
  const digitalFile = path.join(folder, "digital-50.pdf");
  writeFileSync(digitalFile, digital50);
  const scanFiles = pngs.map((png, index) => {
    const file = path.join(folder, `scan-${index + 1}.png`);
    writeFileSync(file, png);
    return file;
  });
  if (commandExists("pdftotext"))
    await timePeer("pdftotext -bbox, 50-page digital PDF", 50, () =>
      run("pdftotext", ["-bbox", digitalFile, path.join(folder, "digital.html")]),
    );
  if (commandExists("tesseract")) {
    // Two processes side by side, one thread each (OpenMP threads contend on 2 cores).
    const env = { ...process.env, OMP_THREAD_LIMIT: "1" };
    const queue = [...scanFiles];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift())
        await run("tesseract", [file, "-", "--dpi", "300"], { env, maxBuffer: 1 << 24 });
    };
    await timePeer("tesseract CLI, 2 processes × 1 thread, 20 scanned pages", 20, () =>
      Promise.all([worker(), worker()]),
    );
  }
  if (commandExists("ocrmypdf")) {
    const scannedFile = path.join(folder, "scanned-20.pdf");
    writeFileSync(scannedFile, scanned20);
    await timePeer("ocrmypdf -j 2, 20 scanned pages", 20, () =>
      run("ocrmypdf", ["-j", "2", "--output-type", "pdf", scannedFile, path.join(folder, "ocrmypdf.pdf")]),
    );
  }
}

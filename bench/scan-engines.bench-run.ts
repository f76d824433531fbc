import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, it } from "vitest";
import { makeImagePdf } from "@/lib/documents/testing/make-pdfs";
import { characterErrorRate, proseLines, textSvg } from "@/lib/documents/testing/render-text-image";
import { findNativeTesseract } from "@/lib/ocr/ocr-engine";
import { scaleUser, startBenchServer, type BenchServer } from "./api-server";
import { percentile, seconds } from "./figures";

// Scanned pages through the built app over HTTP with each local OCR engine, against the tesseract
// CLI peer (two processes side by side, one thread each, the same fast English model), in one run.
// The machine may be shared, so the runs are interleaved round by round (peer, native app, peer,
// embedded app) and each app run is compared with the peer run just before it; the load average
// beside each run says how noisy it was.
//   node node_modules/next/dist/bin/next build
//   npx vitest run --config bench/vitest.config.ts bench/scan-engines.bench-run.ts
// BENCH_PORT (default 3621) and the next port serve the two apps; BENCH_ROUNDS (default 2) rounds;
// BENCH_PAGES (default 20) pages per scan.

const run = promisify(execFile);
const port = Number(process.env.BENCH_PORT ?? 3621);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const pageCount = Number(process.env.BENCH_PAGES ?? 20);
const folder = mkdtempSync(path.join(os.tmpdir(), "docsvc-bench-engines-"));
const servers: BenchServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(folder, { recursive: true, force: true });
});

/** A4 pages of 12 pt prose (~2,000 characters) at 300 DPI, grey, as a scanner would give them. */
async function scannedPages(count: number, seed: number): Promise<{ lines: string[][]; pngs: Buffer[] }> {
  const lines = Array.from({ length: count }, (_, page) => proseLines(30, 70, seed + page));
  const pngs = await Promise.all(
    lines.map((text) =>
      sharp(textSvg(text, { width: 2550, fontSize: 50, margin: 200 }))
        .resize(2550, 3300, { fit: "contain", position: "top", background: "#fff" })
        .flatten({ background: "#fff" })
        .greyscale()
        .withMetadata({ density: 300 })
        .png()
        .toBuffer(),
    ),
  );
  return { lines, pngs };
}

interface App {
  label: string;
  server: BenchServer;
  token: string;
}

async function api<T>(app: App, pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${app.server.baseUrl}${pathAndQuery}`, {
    ...init,
    headers: { authorization: `Bearer ${app.token}`, ...(init.headers ?? {}) },
  });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface ScanRun {
  totalMs: number;
  firstPageMs: number;
  characterErrors: number[];
  stages: string;
}

/** Upload the scan as a batch, poll until it is done, then read back its text. */
async function readScan(app: App, pdf: Buffer, expected: string[][]): Promise<ScanRun> {
  const body = new FormData();
  body.append("files", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "scan.pdf");
  const started = performance.now();
  const upload = await api<{ batch_id: string; documents: Array<{ document_id: string }> }>(app, "/api/batch/upload", {
    method: "POST",
    body,
  });
  let firstPageMs: number | undefined;
  for (;;) {
    const [status, results] = await Promise.all([
      api<{ status: string }>(app, `/api/batch/status/${upload.batch_id}`),
      firstPageMs === undefined
        ? api<{ documents: Array<{ pages: unknown[] }> }>(app, `/api/batch/results/${upload.batch_id}?page_limit=1`)
        : undefined,
    ]);
    const now = performance.now();
    if (firstPageMs === undefined && (results?.documents[0]?.pages.length ?? 0) > 0) firstPageMs = now - started;
    if (!["uploaded", "queued", "processing"].includes(status.status)) {
      const totalMs = now - started;
      const read = await api<{ documents: Array<{ pages: Array<{ page_number: number; extracted_text: string }> }> }>(
        app,
        `/api/batch/results/${upload.batch_id}`,
      );
      const characterErrors = read.documents[0].pages.map((page) =>
        characterErrorRate(expected[page.page_number - 1].join("\n"), page.extracted_text),
      );
      if (characterErrors.length !== expected.length)
        throw new Error(`${app.label}: ${characterErrors.length} of ${expected.length} pages read`);
      return {
        totalMs,
        firstPageMs: firstPageMs ?? totalMs,
        characterErrors,
        stages: stageLine(app, upload.documents[0].document_id),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The stage record the server logged for a document (event "document timings", debug level). */
function stageLine(app: App, documentId: string): string {
  const record = app.server
    .logLines()
    .filter((line) => line.event === "document timings" && line.document_id === documentId)
    .at(-1);
  if (!record) return "(no timing record logged)";
  return ["read", "render", "ocr", "structure", "store", "rows"]
    .map((stage) => `${stage} ${Number(record[`${stage}_ms`]).toFixed(0)}`)
    .join(", ");
}

/** The peer: every page through `tesseract` (the system's model, byte for byte the app's), two processes at once. */
async function readWithCli(files: string[]): Promise<number> {
  const env = { ...process.env, OMP_THREAD_LIMIT: "1" };
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift())
      await run("tesseract", [file, "-", "--dpi", "300", "tsv"], { env, maxBuffer: 1 << 24 });
  };
  const started = performance.now();
  await Promise.all([worker(), worker()]);
  return performance.now() - started;
}

const load = () => os.loadavg()[0].toFixed(1);
const perPage = (ms: number) => `${(ms / pageCount / 1000).toFixed(2)} s/page`;

it("scanned pages: native and embedded engines in the built app against two tesseract CLI processes", async () => {
  console.log(`Node ${process.version}, ${os.availableParallelism()} cores, ${os.cpus()[0]?.model}, load ${load()}`);
  if (!findNativeTesseract()) {
    console.log("tesseract is not installed: no peer and no native engine to measure (apt-get install tesseract-ocr)");
    return;
  }
  const scan = await scannedPages(pageCount, 101);
  const pdf = await makeImagePdf(scan.pngs);
  const files = scan.pngs.map((png, index) => {
    const file = path.join(folder, `page-${index + 1}.png`);
    writeFileSync(file, png);
    return file;
  });
  const apps: App[] = [];
  for (const [index, engine] of (["native", "wasm"] as const).entries()) {
    const server = await startBenchServer(port + index, { env: { OCR_ENGINE: engine } });
    servers.push(server);
    const app = { label: engine === "native" ? "docsvc, native tesseract" : "docsvc, tesseract.js", server, token: "" };
    app.token = await scaleUser(server);
    // Warm-up: loads the routes' code and starts the engine.
    await readScan(app, await makeImagePdf(scan.pngs.slice(0, 1)), scan.lines.slice(0, 1));
    apps.push(app);
  }

  const ratios = new Map<string, number[]>(apps.map((app) => [app.label, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const app of apps) {
      const peerLoad = load();
      const peerMs = await readWithCli(files);
      console.log(`round ${round}: tesseract CLI ×2: ${seconds(peerMs)} (${perPage(peerMs)}), load ${peerLoad}`);
      const appLoad = load();
      const result = await readScan(app, pdf, scan.lines);
      const ratio = result.totalMs / peerMs;
      ratios.get(app.label)!.push(ratio);
      console.log(
        `round ${round}: ${app.label}: ${seconds(result.totalMs)} (${perPage(result.totalMs)}), ×${ratio.toFixed(2)} the peer's time; ` +
          `first page ${seconds(result.firstPageMs)}; CER median ${(percentile(result.characterErrors, 50) * 100).toFixed(2)}%, ` +
          `worst ${(Math.max(...result.characterErrors) * 100).toFixed(2)}%; load ${appLoad}\n  stages (ms summed over pages): ${result.stages}`,
      );
    }
  }
  for (const [label, values] of ratios)
    console.log(
      `${label}: ×${percentile(values, 50).toFixed(2)} the CLI's time (median of ${values.length}; ` +
        `${values.map((value) => value.toFixed(2)).join(", ")})`,
    );
});

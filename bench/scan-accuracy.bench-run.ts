import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { mapWithLimit } from "@/lib/documents/page-builder";
import { readDocument } from "@/lib/documents/read-document";
import { currentOcrEngine, findNativeTesseract } from "@/lib/ocr/ocr-engine";
import { terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { percentile } from "./figures";
import { wordBag, wordsFound } from "./word-bags";

// Reading accuracy and speed of real scans with each local engine beside the tesseract CLI, on the
// halves the reading was not tuned on: the share of annotated words found on FUNSD forms
// (funsd_train, half b: every other form by name, the 2nd, 4th, …) and how often a SROIE receipt's
// company and total appear verbatim (whitespace squashed) in the text (sroie_dev, half b). Two
// scans are read at once by docsvc and two CLI processes run at once, so each uses both cores.
// The corpus is read in place when ../shared/corpus exists; without it nothing is measured.
//   npx vitest run --config bench/vitest.config.ts bench/scan-accuracy.bench-run.ts
// BENCH_ENGINES (default native,wasm,cli), BENCH_SET=funsd|sroie, BENCH_LIMIT (scans per set),
// BENCH_HALF (default b).

const run = promisify(execFile);
const corpus = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus/01_forms_kv");
const engines = (process.env.BENCH_ENGINES ?? "native,wasm,cli").split(",");
const limit = Number(process.env.BENCH_LIMIT ?? Infinity);
const whichHalf = process.env.BENCH_HALF ?? "b";

afterAll(terminateOcrPool);

function half<T>(list: T[]): T[] {
  return list.filter((_, index) => index % 2 === (whichHalf === "a" ? 0 : 1)).slice(0, limit);
}

type Reader = (file: string) => Promise<string>;

async function docsvcReader(engine: "native" | "wasm"): Promise<Reader> {
  await terminateOcrPool();
  process.env.OCR_ENGINE = engine;
  resetConfigForTests();
  await warmOcrPool();
  return async (file) =>
    (await readDocument({ bytes: readFileSync(file), fileName: path.basename(file), model: "docsvc-OCR-v1" })).pages
      .map((page) => page.text)
      .join("\n");
}

const cliReader: Reader = async (file) =>
  (await run("tesseract", [file, "-"], { env: { ...process.env, OMP_THREAD_LIMIT: "1" }, maxBuffer: 1 << 24 })).stdout;

/** Every scan read two at a time; each scan's text with its own wall time, and the run's wall time. */
async function readAll(
  read: Reader,
  files: string[],
): Promise<{ texts: string[]; perScanMs: number[]; wallMs: number }> {
  const perScanMs: number[] = [];
  const started = performance.now();
  const texts = await mapWithLimit(files, 2, async (file) => {
    const began = performance.now();
    const text = await read(file);
    perScanMs.push(performance.now() - began);
    return text;
  });
  return { texts, perScanMs, wallMs: performance.now() - started };
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

interface ScanSet {
  name: string;
  files: string[];
  score: (texts: string[]) => string;
}

function funsd(): ScanSet | undefined {
  const folder = path.join(corpus, "funsd_train");
  if (!existsSync(folder)) return undefined;
  const forms = half(
    readdirSync(path.join(folder, "annotations"))
      .filter((name) => name.endsWith(".json"))
      .sort(),
  );
  const annotated = forms.map((name) => {
    const form = JSON.parse(readFileSync(path.join(folder, "annotations", name), "utf8")) as {
      form: Array<{ words: Array<{ text: string }> }>;
    };
    return wordBag(form.form.flatMap((entity) => entity.words.map((word) => word.text)).join(" "));
  });
  return {
    name: `FUNSD funsd_train half ${whichHalf}, ${forms.length} forms`,
    files: forms.map((name) => path.join(folder, "images", name.replace(/\.json$/, ".png"))),
    score: (texts) => {
      const totals = texts.reduce(
        (sum, text, index) => {
          const { found, words } = wordsFound(annotated[index], text);
          return { found: sum.found + found, words: sum.words + words };
        },
        { found: 0, words: 0 },
      );
      return `words found ${(totals.found / totals.words).toFixed(3)} of ${totals.words}`;
    },
  };
}

function sroie(): ScanSet | undefined {
  const folder = path.join(corpus, "receipts", "sroie_dev");
  if (!existsSync(folder)) return undefined;
  const receipts = half(
    readdirSync(path.join(folder, "key_fields"))
      .filter((name) => name.endsWith(".json"))
      .sort(),
  );
  const fields = receipts.map(
    (name) => JSON.parse(readFileSync(path.join(folder, "key_fields", name), "utf8")) as Record<string, string>,
  );
  return {
    name: `SROIE sroie_dev half ${whichHalf}, ${receipts.length} receipts`,
    files: receipts.map((name) => path.join(folder, "images", name.replace(/\.json$/, ".jpg"))),
    score: (texts) => {
      const verbatim = (field: string) =>
        texts.filter((text, index) => squash(text).includes(squash(fields[index][field] ?? "\u0000"))).length /
        texts.length;
      const both = texts.filter((text, index) =>
        ["company", "total"].every((field) => squash(text).includes(squash(fields[index][field] ?? "\u0000"))),
      ).length;
      return `company verbatim ${verbatim("company").toFixed(3)}, total ${verbatim("total").toFixed(3)}, both ${(both / texts.length).toFixed(3)}`;
    },
  };
}

it("real scans: words found and receipt fields verbatim, native and embedded engines beside the CLI", async () => {
  if (!existsSync(corpus)) return console.log(`${corpus} absent: nothing measured.`);
  const native = findNativeTesseract() !== undefined;
  console.log(`${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}; engines ${engines.join(", ")}`);
  const sets = [funsd(), sroie()].filter(
    (set): set is ScanSet =>
      set !== undefined && (!process.env.BENCH_SET || set.name.toLowerCase().startsWith(process.env.BENCH_SET)),
  );
  for (const set of sets) {
    console.log(`\n${set.name}`);
    for (const engine of engines) {
      if ((engine === "native" || engine === "cli") && !native) {
        console.log(`  ${engine}: tesseract not installed, skipped`);
        continue;
      }
      const read = engine === "cli" ? cliReader : await docsvcReader(engine as "native" | "wasm");
      const label = engine === "cli" ? "tesseract CLI" : `docsvc-OCR-v1 (${currentOcrEngine()})`;
      const load = os.loadavg()[0].toFixed(1);
      const { texts, perScanMs, wallMs } = await readAll(read, set.files);
      console.log(
        `  ${label.padEnd(30)} ${set.score(texts)}; ${(wallMs / set.files.length / 1000).toFixed(2)} s/scan wall (2 at once), ` +
          `median ${(percentile(perScanMs, 50) / 1000).toFixed(2)} s per scan; load ${load}`,
      );
    }
  }
  delete process.env.OCR_ENGINE;
  resetConfigForTests();
});

import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { currentOcrEngine, findNativeTesseract } from "@/lib/ocr/ocr-engine";
import { recognizeImage } from "@/lib/ocr/recognize-image";
import { terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { percentile } from "./figures";
import { funsdForms } from "./funsd-forms";
import { createPpOcr, type PpOcr } from "./ppocr/pp-ocr";
import { wordBag, wordsFound } from "./word-bags";

// An accuracy candidate beside docsvc's OCR: PP-OCRv4 (bench/ppocr, onnxruntime-node on the CPU)
// against docsvc-OCR-v1 (recognizeImage, the engine as configured: native tesseract when installed;
// "wasm" reads with OCR_ENGINE=wasm) and the tesseract CLI, on the same pages in one run, on the
// halves nothing was tuned on. SROIE sroie_dev half b (every other receipt by name, the 2nd, 4th,
// …): is the company in the page text (upper case, spaces and , . ; : ' " - ignored, as
// ../shared/tools/fields-score.mjs compares it) and the total's amount as the key fields write it
// ("26.60"; a currency before it dropped; not inside a longer number). FUNSD funsd_train half b: the share of annotated
// words found (bench/word-bags). Engine after engine, one page at a time, so each has the
// machine's cores to itself (docsvc's native reads run tesseract processes, PP-OCR two onnxruntime
// threads, the CLI its default threads); wall and CPU seconds a page (this process and its
// children). The corpus is read in place when ../shared/corpus exists; without it nothing is measured.
//   npx vitest run --config bench/vitest.config.ts bench/ocr-candidates.bench-run.ts
// BENCH_ENGINES (default docsvc,ppocr,cli; add wasm, or docsvc-tesseract: docsvc without the
// line recogniser's second reading, OCR_LINE_REREAD=off), BENCH_SET=sroie|funsd, BENCH_LIMIT (pages
// per set), BENCH_HALF (default b), PPOCR_MAX_SIDE / PPOCR_MIN_SIDE (the detector's input size,
// default 1920 / 0: the page at its own size up to 1920 px), BENCH_SHOW=1 prints each receipt's
// misses, BENCH_TEXTS=<folder> keeps each engine's text of each page there.

const run = promisify(execFile);
const corpus = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus/01_forms_kv");
const engines = (process.env.BENCH_ENGINES ?? "docsvc,ppocr,cli").split(",");
const limit = Number(process.env.BENCH_LIMIT ?? Infinity);
const textFolder = process.env.BENCH_TEXTS;
const whichHalf = (process.env.BENCH_HALF ?? "b") as "a" | "b";
const ppocrSides = {
  maxSide: Number(process.env.PPOCR_MAX_SIDE ?? 1920),
  minSide: Number(process.env.PPOCR_MIN_SIDE ?? 0),
};

let ppocr: PpOcr | undefined;
afterAll(async () => {
  await terminateOcrPool();
  await ppocr?.release();
});

type Reader = (file: string) => Promise<string>;

async function docsvcReader(engine: "native" | "wasm", lineReread: "on" | "off"): Promise<Reader> {
  await terminateOcrPool();
  process.env.OCR_ENGINE = engine;
  process.env.OCR_LINE_REREAD = lineReread;
  resetConfigForTests();
  await warmOcrPool();
  return async (file) => {
    const bytes = readFileSync(file);
    const { density } = await sharp(bytes).metadata();
    return (await recognizeImage(bytes, { density, decode: { limitInputPixels: false } })).text;
  };
}

async function ppocrReader(): Promise<Reader> {
  ppocr ??= await createPpOcr({ threads: 2, ...ppocrSides });
  return async (file) => (await ppocr!.read(file)).text;
}

const cliReader: Reader = async (file) => (await run("tesseract", [file, "-"], { maxBuffer: 1 << 24 })).stdout;

/** CPU seconds of this process and its waited-for children (native tesseract, the CLI), from /proc. */
function cpuSeconds(): number {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  // utime, stime, cutime, cstime are fields 14–17 of the line, 12–15 after the command name.
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

interface PageSet {
  name: string;
  files: string[];
  /** One line of figures for the texts an engine read, page by page. */
  score: (texts: string[], label: string) => string;
}

const tight = (text: string) =>
  text
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s,.;:'"`-]+/g, "");
const squash = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ");

function sroie(): PageSet | undefined {
  const folder = path.join(corpus, "receipts", "sroie_dev");
  if (!existsSync(folder)) return undefined;
  const receipts = readdirSync(path.join(folder, "key_fields"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .filter((_, index) => index % 2 === (whichHalf === "a" ? 0 : 1))
    .slice(0, limit);
  const fields = receipts.map(
    (name) => JSON.parse(readFileSync(path.join(folder, "key_fields", name), "utf8")) as Record<string, string>,
  );
  return {
    name: `SROIE sroie_dev half ${whichHalf}, ${receipts.length} receipts`,
    files: receipts.map((name) => path.join(folder, "images", name.replace(/\.json$/, ".jpg"))),
    score: (texts, label) => {
      const company = texts.map((text, index) => tight(text).includes(tight(fields[index].company ?? "\u0000")));
      // The amount as the key fields write it, without a currency ("RM 34.80" → 34.80), and not inside a
      // longer number ("126.60" does not hold "26.60").
      const total = texts.map((text, index) => {
        const amount = (fields[index].total ?? "").match(/\d[\d,]*(?:\.\d+)?/)?.[0];
        return (
          amount !== undefined &&
          new RegExp(`(?<![\\d.,])${amount.replace(/[.,]/g, "\\$&")}(?![\\d])`).test(squash(text))
        );
      });
      if (process.env.BENCH_SHOW === "1")
        receipts.forEach((name, index) => {
          if (!company[index] || !total[index])
            console.log(
              `    ${label} ${name}: ${company[index] ? "" : `company "${fields[index].company}" `}${total[index] ? "" : `total "${fields[index].total}"`}`,
            );
        });
      const share = (hits: boolean[]) => `${(hits.filter(Boolean).length / hits.length).toFixed(3)}`;
      return `company ${share(company)}, total ${share(total)}, both ${share(company.map((hit, index) => hit && total[index]))}`;
    },
  };
}

function funsd(): PageSet | undefined {
  const forms = funsdForms(whichHalf)?.slice(0, limit);
  if (!forms) return undefined;
  const annotated = forms.map((form) =>
    wordBag(form.entities.flatMap((entity) => entity.words.map((word) => word.text)).join(" ")),
  );
  return {
    name: `FUNSD funsd_train half ${whichHalf}, ${forms.length} forms`,
    files: forms.map((form) => form.image),
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

it("real scans: PP-OCRv4 beside docsvc-OCR-v1 and the tesseract CLI, words found and receipt fields verbatim", async () => {
  if (!existsSync(corpus)) return console.log(`${corpus} absent: nothing measured.`);
  const native = findNativeTesseract() !== undefined;
  console.log(
    `Node ${process.version}, ${os.availableParallelism()} cores, load ${os.loadavg()[0].toFixed(1)}; engines ${engines.join(", ")}; ` +
      `PP-OCR detector input: longer side ≤ ${ppocrSides.maxSide}, shorter side ≥ ${ppocrSides.minSide}`,
  );
  const sets = [sroie(), funsd()].filter(
    (set): set is PageSet =>
      set !== undefined && (!process.env.BENCH_SET || set.name.toLowerCase().startsWith(process.env.BENCH_SET)),
  );
  for (const set of sets) {
    console.log(`\n${set.name}`);
    for (const engine of engines) {
      if ((engine.startsWith("docsvc") || engine === "cli") && !native) {
        console.log(`  ${engine}: tesseract not installed, skipped`);
        continue;
      }
      const read =
        engine === "ppocr"
          ? await ppocrReader()
          : engine === "cli"
            ? cliReader
            : await docsvcReader(engine === "wasm" ? "wasm" : "native", engine === "docsvc-tesseract" ? "off" : "on");
      const label =
        engine === "ppocr"
          ? "PP-OCRv4 (onnxruntime)"
          : engine === "cli"
            ? "tesseract CLI"
            : `docsvc-OCR-v1 (${currentOcrEngine()}${engine === "docsvc-tesseract" ? " alone" : ""})`;
      // One untimed read first: loading the models and starting the pool are not a page's cost.
      await read(set.files[0]);
      const load = os.loadavg()[0].toFixed(1);
      const [texts, wallMs, cpuS, failures] = [[] as string[], [] as number[], [] as number[], [] as string[]];
      for (const file of set.files) {
        const [began, cpuBefore] = [performance.now(), cpuSeconds()];
        // A page that fails counts as read with no text, as the product records a failed page.
        const text = await read(file).catch((error: Error) => {
          failures.push(`${path.basename(file)}: ${error.message.split("\n")[0]}`);
          return "";
        });
        texts.push(text);
        if (textFolder) {
          mkdirSync(path.join(textFolder, engine), { recursive: true });
          writeFileSync(path.join(textFolder, engine, `${path.basename(file)}.txt`), text);
        }
        wallMs.push(performance.now() - began);
        cpuS.push(cpuSeconds() - cpuBefore);
      }
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      console.log(
        `  ${label.padEnd(30)} ${set.score(texts, label)}; ${(mean(wallMs) / 1000).toFixed(2)} s/page wall ` +
          `(median ${(percentile(wallMs, 50) / 1000).toFixed(2)}), ${mean(cpuS).toFixed(2)} s/page CPU; load ${load}`,
      );
      if (failures.length > 0) console.log(`    ${failures.length} pages failed: ${failures.join("; ")}`);
    }
  }
  delete process.env.OCR_ENGINE;
  resetConfigForTests();
});

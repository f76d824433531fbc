import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { characterErrorRate } from "@/lib/documents/testing/render-text-image";
import { terminateOcrPool, warmOcrPool } from "@/lib/ocr/tesseract-pool";
import { commandExists, cpuMs, percentile } from "./figures";
import { wordBag, wordsFound } from "./word-bags";

// Measures the engine on the shared real-document corpus (../shared/corpus) when it is present:
// every file of 04_multiformat (per-format speed and the origin projects' must-contain checks) and
// the share of the annotated words our OCR finds on the FUNSD forms and the SROIE receipts, beside
// the tesseract command line. The corpus is never copied into the project; without it this prints
// that it is absent and measures nothing. BENCH_CORPUS_PART=multiformat|funsd|sroie runs one part.
// Run: npx vitest run --config bench/vitest.config.ts bench/corpus.bench-run.ts

afterAll(terminateOcrPool);

// BENCH_CORPUS_DIR when the project is not checked out beside ../shared (a git worktree elsewhere).
const corpus = process.env.BENCH_CORPUS_DIR ?? path.resolve(process.cwd(), "../shared/corpus");
const models = ["docsvc-OCR-v1", "docsvc-OCR-XL-v1"];

function filesUnder(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const full = path.join(folder, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

interface Expectation {
  must_contain?: string[];
  must_contain_after_ocr?: string[];
  must_contain_after_ocr_of_embedded_image?: string[];
  full_text?: string;
  full_text_gt?: string;
  page1_text?: string;
  expected_text?: string;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** The origin projects' checks on one file: [passed, total] and a note for the failures. */
function checkContent(
  text: string,
  expected: Expectation | undefined,
  folder: string,
): { passed: number; total: number; notes: string[] } {
  if (!expected) return { passed: 0, total: 0, notes: [] };
  const flat = squash(text);
  const notes: string[] = [];
  let passed = 0;
  let total = 0;
  const mustContain = [
    ...(expected.must_contain ?? []),
    ...(expected.must_contain_after_ocr ?? []),
    ...(expected.page1_text ? [expected.page1_text] : []),
  ];
  for (const wanted of mustContain) {
    total++;
    if (flat.includes(squash(wanted))) passed++;
    else notes.push(`missing "${wanted}"`);
  }
  for (const wanted of expected.must_contain_after_ocr_of_embedded_image ?? []) {
    total++;
    if (flat.includes(squash(wanted))) passed++;
    else notes.push(`missing "${wanted}" (text of an embedded image: office images are not OCR'd)`);
  }
  const fullText =
    expected.full_text ??
    (expected.full_text_gt ? readFileSync(path.join(folder, expected.full_text_gt), "utf8") : undefined);
  if (fullText !== undefined) notes.push(`CER ${(characterErrorRate(fullText, text) * 100).toFixed(1)}%`);
  if (expected.expected_text === "")
    notes.push(
      flat === "" ? "no text, as expected" : `${flat.split(" ").length} words read from an image without text`,
    );
  return { passed, total, notes };
}

async function measureMultiformat(): Promise<void> {
  const folder = path.join(corpus, "04_multiformat");
  if (!existsSync(folder)) return console.log(`${folder} absent: multi-format pass skipped.`);
  const expectations = JSON.parse(readFileSync(path.join(folder, "expected_content.json"), "utf8")) as Record<
    string,
    Expectation
  >;
  const files = filesUnder(folder).filter((file) => !/\.(json|md)$|\.gt\.txt$/.test(file));
  const byFormat = new Map<
    string,
    { files: number; failed: number; pages: number; msPerPage: number[]; passed: number; total: number }
  >();
  console.log(`\n04_multiformat: ${files.length} files (docsvc-OCR-v1)`);
  for (const file of files) {
    const relative = path.relative(folder, file);
    const started = performance.now();
    let format = path.extname(file).slice(1).toLowerCase();
    let line: string;
    let figures = { pages: 0, ms: 0, passed: 0, total: 0, failed: true };
    try {
      const result = await readDocument({ bytes: readFileSync(file), fileName: path.basename(file) });
      const ms = performance.now() - started;
      format = result.type.id;
      const text = result.pages.map((page) => page.text).join("\n");
      const check = checkContent(text, expectations[relative], folder);
      figures = { pages: result.pages.length, ms, passed: check.passed, total: check.total, failed: false };
      const failedPages = result.pages
        .filter((page) => page.error)
        .map((page) => `page ${page.pageNumber}: ${page.error?.message}`);
      line = `${result.pages.length} page(s) in ${ms.toFixed(0)} ms; checks ${check.passed}/${check.total}${[...check.notes, ...failedPages].map((note) => `; ${note}`).join("")}`;
    } catch (error) {
      line = `FAILED: ${error instanceof Error ? error.message : String(error)}`;
    }
    console.log(`  ${relative.padEnd(36)} [${format}] ${line}`);
    const entry = byFormat.get(format) ?? { files: 0, failed: 0, pages: 0, msPerPage: [], passed: 0, total: 0 };
    entry.files++;
    if (figures.failed) entry.failed++;
    else {
      entry.pages += figures.pages;
      entry.msPerPage.push(figures.ms / figures.pages);
      entry.passed += figures.passed;
      entry.total += figures.total;
    }
    byFormat.set(format, entry);
  }
  console.log("per format:");
  for (const [format, entry] of [...byFormat].sort()) {
    console.log(
      `  ${format.padEnd(6)} ${entry.files} file(s), ${entry.failed} failed, ${entry.pages} page(s), median ${percentile(entry.msPerPage, 50).toFixed(0)} ms/page, content checks ${entry.passed}/${entry.total}`,
    );
  }
}

interface AnnotatedScans {
  name: string;
  /** Scan files, each with the bag of words its annotation holds. */
  scans: Array<{ file: string; annotated: Map<string, number> }>;
}

function funsdScans(): AnnotatedScans | undefined {
  const folder = path.join(corpus, "01_forms_kv", "funsd");
  if (!existsSync(folder)) return undefined;
  const forms = readdirSync(path.join(folder, "images"))
    .filter((name) => name.endsWith(".png"))
    .sort();
  return {
    name: "FUNSD forms",
    scans: forms.map((form) => {
      const annotation = JSON.parse(
        readFileSync(path.join(folder, "annotations", form.replace(/\.png$/, ".json")), "utf8"),
      ) as { form: Array<{ words: Array<{ text: string }> }> };
      return {
        file: path.join(folder, "images", form),
        annotated: wordBag(annotation.form.flatMap((entity) => entity.words.map((word) => word.text)).join(" ")),
      };
    }),
  };
}

/** SROIE receipts (phone photos and scans) against their annotated text lines (x1,y1,…,x4,y4,text). */
function sroieScans(): AnnotatedScans | undefined {
  const folder = path.join(corpus, "01_forms_kv", "receipts", "sroie");
  if (!existsSync(folder)) return undefined;
  const receipts = readdirSync(path.join(folder, "images"))
    .filter((name) => name.endsWith(".jpg"))
    .sort();
  return {
    name: "SROIE receipts",
    scans: receipts.map((receipt) => {
      const lines = readFileSync(path.join(folder, "ocr_boxes", receipt.replace(/\.jpg$/, ".csv")), "utf8").split(
        /\r?\n/,
      );
      return {
        file: path.join(folder, "images", receipt),
        annotated: wordBag(lines.map((line) => line.split(",").slice(8).join(",")).join(" ")),
      };
    }),
  };
}

async function measureWordsFound(set: AnnotatedScans): Promise<void> {
  const engines: Array<{ label: string; read: (file: string) => Promise<string> }> = models.map((model) => ({
    label: model,
    read: async (file: string) =>
      (await readDocument({ bytes: readFileSync(file), fileName: path.basename(file), model })).pages
        .map((page) => page.text)
        .join("\n"),
  }));
  if (commandExists("tesseract")) {
    engines.push({
      label: "tesseract CLI",
      read: async (file) =>
        execFileSync("tesseract", [file, "-"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }),
    });
  }
  const totals = new Map(
    engines.map((engine) => [engine.label, { found: 0, words: 0, ms: [] as number[], cpu: [] as number[] }]),
  );
  console.log(`\n${set.name}: ${set.scans.length} scans, share of annotated words found in the OCR text`);
  for (const { file, annotated } of set.scans) {
    const wordCount = [...annotated.values()].reduce((sum, times) => sum + times, 0);
    const cells: string[] = [];
    for (const engine of engines) {
      const started = performance.now();
      const cpu = cpuMs();
      const text = await engine.read(file);
      const total = totals.get(engine.label)!;
      total.ms.push(performance.now() - started);
      // The CLI runs in a child process, so its CPU time is not ours to measure.
      if (engine.label !== "tesseract CLI") total.cpu.push(cpuMs() - cpu);
      const { found } = wordsFound(annotated, text);
      total.found += found;
      total.words += wordCount;
      cells.push(`${engine.label} ${((found / wordCount) * 100).toFixed(0)}%`);
    }
    console.log(`  ${path.basename(file).padEnd(24)} ${String(wordCount).padStart(4)} words: ${cells.join(", ")}`);
  }
  for (const [label, total] of totals) {
    const cpu = total.cpu.length ? `, median ${percentile(total.cpu, 50).toFixed(0)} ms CPU/page` : "";
    console.log(
      `  ${label.padEnd(18)} ${((total.found / total.words) * 100).toFixed(1)}% of ${total.words} words, median ${percentile(total.ms, 50).toFixed(0)} ms/page wall${cpu}`,
    );
  }
}

it("corpus benchmark", async () => {
  if (!existsSync(corpus)) {
    console.log(`Shared corpus not present at ${corpus}: nothing measured.`);
    return;
  }
  await warmOcrPool();
  const part = process.env.BENCH_CORPUS_PART;
  if (!part || part === "multiformat") await measureMultiformat();
  for (const [name, scans] of [
    ["funsd", funsdScans],
    ["sroie", sroieScans],
  ] as const) {
    if (part && part !== name) continue;
    const set = scans();
    if (set) await measureWordsFound(set);
    else console.log(`${name} absent from the corpus: skipped.`);
  }
});

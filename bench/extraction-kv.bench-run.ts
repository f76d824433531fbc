import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import type { Page } from "@/lib/pages/types";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { ratio, scorePairs, similar, type ScoredPairs } from "./kv-scoring";
import { describeTally, newTally, receiptSchema, tallyReceipt } from "./receipt-fields";

// Key-value linking on the shared corpus (../shared/corpus/01_forms_kv), read in place and never
// copied: FUNSD forms against their annotated question→answer links, and SROIE receipts' key fields
// (company, date, address, total) through schema-guided extraction. Each scan is OCR'd with
// docsvc-OCR-v1 once and the pages are cached under the system temp folder (keyed by the file's
// hash), so runs that change only the pairing compare like with like; BENCH_FRESH_OCR=1 re-reads.
// BENCH_VERBOSE=1 lists every miss; BENCH_SET=forms or receipts measures one set; BENCH_HALF=a or b
// scores every other receipt (tune on one half, report the other). Run:
//   npx vitest run --config bench/vitest.config.ts bench/extraction-kv.bench-run.ts

afterAll(terminateOcrPool);

// BENCH_CORPUS points elsewhere (a git worktree is not beside ../shared).
const corpus = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus/01_forms_kv");
const cacheFolder = path.join(tmpdir(), "docsvc-kv-bench-ocr");
const verbose = process.env.BENCH_VERBOSE === "1";
// BENCH_OCR_MODEL reads the scans with another model (cached apart); BENCH_LIMIT scores the first N receipts.
const ocrModel = process.env.BENCH_OCR_MODEL ?? "docsvc-OCR-v1";
const limit = Number(process.env.BENCH_LIMIT ?? Infinity);

async function ocrPages(file: string): Promise<{ pages: Page[]; cached: boolean }> {
  const bytes = readFileSync(file);
  const modelTag = ocrModel === "docsvc-OCR-v1" ? "" : `.${ocrModel}`;
  const cacheFile = path.join(
    cacheFolder,
    `${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}${modelTag}.json`,
  );
  if (process.env.BENCH_FRESH_OCR !== "1" && existsSync(cacheFile))
    return { pages: JSON.parse(readFileSync(cacheFile, "utf8")) as Page[], cached: true };
  const { pages } = await readDocument({ bytes, fileName: path.basename(file), model: ocrModel });
  mkdirSync(cacheFolder, { recursive: true });
  // The rendered page images are not needed to score pairs and would bloat the cache.
  writeFileSync(
    cacheFile,
    JSON.stringify(pages, (key, value) => (key === "image" ? undefined : value)),
  );
  return { pages, cached: false };
}

interface FunsdPairs {
  pairs: Array<{ key: string; value: string; key_id: number; value_id: number }>;
}

/** FUNSD lists some links twice ([q, a] from both ends); one link is one pair to find. */
function distinctLinks(pairs: FunsdPairs["pairs"]): FunsdPairs["pairs"] {
  const seen = new Set<string>();
  return pairs.filter((pair) => {
    const link = `${pair.key_id}>${pair.value_id}`;
    if (seen.has(link)) return false;
    seen.add(link);
    return true;
  });
}

async function measureFunsd(): Promise<void> {
  const folder = path.join(corpus, "funsd");
  if (!existsSync(folder)) return console.log(`${folder} absent: FUNSD pass skipped.`);
  const forms = readdirSync(path.join(folder, "kv_pairs"))
    .filter((name) => name.endsWith(".json"))
    .sort();
  const totals = { found: 0, expected: 0, correct: 0, keysFound: 0, emptyAnswers: 0, formLinks: 0, formCorrect: 0 };
  const byMethod = new Map<string, { found: number; correct: number }>();
  console.log(`\nFUNSD: ${forms.length} forms, key-value pairs against the annotated question→answer links`);
  console.log("form                      found  annotated  correct  precision  recall  keys found  OCR");
  for (const name of forms) {
    const annotated = distinctLinks(
      (JSON.parse(readFileSync(path.join(folder, "kv_pairs", name), "utf8")) as FunsdPairs).pairs,
    );
    // An empty annotated answer (a blank on the form) cannot be found as a pair; it is left out of recall.
    const expected = annotated.filter((pair) => pair.value.trim() !== "");
    totals.emptyAnswers += annotated.length - expected.length;
    const { pages, cached } = await ocrPages(path.join(folder, "images", name.replace(/\.json$/, ".png")));
    const found = extractStructure({ pages }).keyValuePairs;
    const score: ScoredPairs = scorePairs(found, expected);
    for (const pair of found) {
      const entry = byMethod.get(pair.method) ?? { found: 0, correct: 0 };
      entry.found++;
      if (expected.some((candidate) => similar(candidate.key, pair.key) && similar(candidate.value, pair.value)))
        entry.correct++;
      byMethod.set(pair.method, entry);
    }
    // A question linked to several answers is a table's column header over its cells (FUNSD links
    // those too); the rest are form fields, the pairs this finder is for.
    expected.forEach((candidate, index) => {
      if (expected.filter((other) => other.key === candidate.key).length > 1) return;
      totals.formLinks++;
      if (score.matched.has(index)) totals.formCorrect++;
    });
    totals.found += score.found;
    totals.expected += score.expected;
    totals.correct += score.correct;
    totals.keysFound += score.keysFound;
    console.log(
      `${name.replace(/\.json$/, "").padEnd(26)}${String(score.found).padStart(5)}  ${String(score.expected).padStart(9)}  ${String(score.correct).padStart(7)}  ${ratio(score.correct, score.found).padStart(9)}  ${ratio(score.correct, score.expected).padStart(6)}  ${ratio(score.keysFound, score.expected).padStart(10)}  ${cached ? "cached" : "read"}`,
    );
    if (verbose) {
      for (const miss of score.wrongValue)
        console.log(
          `    wrong value  ${JSON.stringify(miss.key)} → found ${JSON.stringify(miss.found)}, annotated ${JSON.stringify(miss.expected)}`,
        );
      for (const miss of score.missedKeys)
        console.log(`    missed key   ${JSON.stringify(miss.key)} → ${JSON.stringify(miss.value)}`);
      for (const pair of found)
        if (!expected.some((candidate) => similar(candidate.key, pair.key)))
          console.log(`    extra (${pair.method})  ${JSON.stringify(pair.key)} = ${JSON.stringify(pair.value)}`);
    }
  }
  console.log(
    `FUNSD total: ${totals.found} found, ${totals.expected} annotated (${totals.emptyAnswers} empty answers left out), ${totals.correct} correct — precision ${ratio(totals.correct, totals.found)}, recall ${ratio(totals.correct, totals.expected)}, keys found ${ratio(totals.keysFound, totals.expected)}`,
  );
  console.log(
    `form fields (questions with one answer): ${totals.formLinks} annotated, recall ${ratio(totals.formCorrect, totals.formLinks)}; the other ${totals.expected - totals.formLinks} link one question to several answers (mostly table headers over their cells)`,
  );
  console.log(
    `by method: ${[...byMethod].map(([method, entry]) => `${method} ${entry.correct}/${entry.found}`).join(", ")}`,
  );
}

/** BENCH_HALF=a or b: every other receipt by name (a = 1st, 3rd, …), as fields-score.mjs --half picks them. */
function half<T>(list: T[]): T[] {
  const which = process.env.BENCH_HALF;
  return which === "a" || which === "b" ? list.filter((_, index) => index % 2 === (which === "a" ? 0 : 1)) : list;
}

async function measureReceipts(): Promise<void> {
  const folder = path.join(corpus, "receipts", "sroie_dev");
  if (!existsSync(folder)) return console.log(`${folder} absent: SROIE pass skipped.`);
  const receipts = half(
    readdirSync(path.join(folder, "key_fields"))
      .filter((name) => name.endsWith(".json"))
      .sort(),
  ).slice(0, limit);
  const tally = newTally();
  console.log(
    `\nSROIE development set${process.env.BENCH_HALF ? `, half ${process.env.BENCH_HALF}` : ""}: ${receipts.length} receipts, schema-guided extraction`,
  );
  for (const name of receipts) {
    const expected = JSON.parse(readFileSync(path.join(folder, "key_fields", name), "utf8")) as Record<string, string>;
    const { pages } = await ocrPages(path.join(folder, "images", name.replace(/\.json$/, ".jpg")));
    const details = extractStructure({ pages, schema: receiptSchema }).fieldDetails ?? [];
    const misses = tallyReceipt(tally, expected, details);
    console.log(
      `${name.replace(/\.json$/, "").padEnd(26)} ${misses.length === 0 ? "all right" : `wrong: ${misses.map((miss) => miss.field).join(", ")}`}`,
    );
    if (verbose)
      for (const miss of misses)
        console.log(
          `    ${miss.field}: found ${JSON.stringify(miss.found)} (${miss.confidence}${miss.reason ? `; ${miss.reason}` : ""}), annotated ${JSON.stringify(miss.expected)}`,
        );
  }
  for (const line of describeTally(tally)) console.log(line);
}

it("measures key-value linking on the forms corpus", async () => {
  if (!existsSync(corpus)) return console.log(`${corpus} absent: nothing measured.`);
  if (process.env.BENCH_SET !== "receipts") await measureFunsd();
  if (process.env.BENCH_SET !== "forms") await measureReceipts();
});

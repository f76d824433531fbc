import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import type { Page } from "@/lib/documents/types";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { parseDate, parseNumber } from "@/lib/extraction/normalise-values";
import type { SchemaField } from "@/lib/extraction/types";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { ratio, scorePairs, similar, type ScoredPairs } from "./kv-scoring";

// Key-value linking on the shared corpus (../shared/corpus/01_forms_kv), read in place and never
// copied: FUNSD forms against their annotated question→answer links, and SROIE receipts' key fields
// (company, date, address, total) through schema-guided extraction. Each scan is OCR'd with
// docsvc-OCR-v1 once and the pages are cached under the system temp folder (keyed by the file's
// hash), so runs that change only the pairing compare like with like; BENCH_FRESH_OCR=1 re-reads.
// BENCH_VERBOSE=1 lists every miss. Run:
//   npx vitest run --config bench/vitest.config.ts bench/extraction-kv.bench-run.ts

afterAll(terminateOcrPool);

const corpus = path.resolve(process.cwd(), "../shared/corpus/01_forms_kv");
const cacheFolder = path.join(tmpdir(), "docsvc-kv-bench-ocr");
const verbose = process.env.BENCH_VERBOSE === "1";

async function ocrPages(file: string): Promise<{ pages: Page[]; cached: boolean }> {
  const bytes = readFileSync(file);
  const cacheFile = path.join(cacheFolder, `${createHash("sha256").update(bytes).digest("hex").slice(0, 24)}.json`);
  if (process.env.BENCH_FRESH_OCR !== "1" && existsSync(cacheFile))
    return { pages: JSON.parse(readFileSync(cacheFile, "utf8")) as Page[], cached: true };
  const { pages } = await readDocument({ bytes, fileName: path.basename(file), model: "docsvc-OCR-v1" });
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

const receiptSchema: SchemaField[] = [
  { name: "company", type: "string" },
  { name: "date", type: "date" },
  { name: "address", type: "string" },
  { name: "total", type: "number" },
];

function receiptFieldCorrect(name: string, expected: string, found: string | null): boolean {
  if (found === null) return false;
  if (name === "date") {
    // SROIE's answers are copied from Malaysian receipts, which write dates day-first.
    const expectedDate = parseDate(expected, "day-first");
    return expectedDate !== null ? expectedDate === found : similar(expected, found);
  }
  if (name === "total") return parseNumber(expected) === parseNumber(found);
  return similar(expected, found);
}

async function measureReceipts(): Promise<void> {
  const folder = path.join(corpus, "receipts", "sroie");
  if (!existsSync(folder)) return console.log(`${folder} absent: SROIE pass skipped.`);
  const receipts = readdirSync(path.join(folder, "key_fields"))
    .filter((name) => name.endsWith(".json"))
    .sort();
  const perField = new Map(receiptSchema.map((field) => [field.name, { correct: 0, answered: 0 }]));
  console.log(`\nSROIE: ${receipts.length} receipts, key fields through schema-guided extraction`);
  for (const name of receipts) {
    const expected = JSON.parse(readFileSync(path.join(folder, "key_fields", name), "utf8")) as Record<string, string>;
    const { pages } = await ocrPages(path.join(folder, "images", name.replace(/\.json$/, ".jpg")));
    const fields = extractStructure({ pages, schema: receiptSchema }).fields ?? {};
    const marks = receiptSchema.map(({ name: field }) => {
      const entry = perField.get(field)!;
      const correct = receiptFieldCorrect(field, expected[field] ?? "", fields[field] ?? null);
      if (fields[field] !== null) entry.answered++;
      if (correct) entry.correct++;
      if (verbose && !correct)
        console.log(
          `    ${name} ${field}: found ${JSON.stringify(fields[field])}, annotated ${JSON.stringify(expected[field])}`,
        );
      return `${field} ${correct ? "ok" : fields[field] === null ? "-" : "wrong"}`;
    });
    console.log(`${name.replace(/\.json$/, "").padEnd(6)} ${marks.join("  ")}`);
  }
  console.log(
    `SROIE per field (correct / answered / receipts): ${[...perField].map(([field, entry]) => `${field} ${entry.correct}/${entry.answered}/${receipts.length}`).join(", ")}`,
  );
}

it("measures key-value linking on the forms corpus", async () => {
  if (!existsSync(corpus)) return console.log(`${corpus} absent: nothing measured.`);
  await measureFunsd();
  await measureReceipts();
});

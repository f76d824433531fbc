import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { it } from "vitest";
import { assembleLayout } from "@/lib/pages/layout";
import type { Page, Word } from "@/lib/pages/types";
import { formLinkModels, formLinks } from "@/lib/extraction/key-values/form-links";
import { findKeyValuePairs } from "@/lib/extraction/key-values/key-values";
import { receiptFieldConfidence, receiptRankers, type Rankers } from "@/lib/extraction/fields/receipt-field-model";
import { extractSchemaFields } from "@/lib/extraction/fields/schema-fields";
import { annotatedPage } from "./funsd-annotated-page";
import { funsdForms } from "./funsd-forms";
import { percentile } from "./figures";
import { receiptSchema } from "./receipt-fields";

// Time per page of the trained extraction models, apart from reading the page: the receipt field
// rankers (features of every candidate and the regressions' scores) inside schema-field
// extraction, and the form-link forests (phrases, candidates, features, three forests) beside the
// layout rules they would replace. Pages come from the corpus's annotations, so no OCR runs: the
// receipts of sroie_train as their annotated lines, the forms of funsd_train half b as their
// annotated words. Each page is timed REPEAT times (default 5) and its fastest run kept (the run
// other work on a busy machine disturbed least; wall time, since the process's CPU time counts the
// collector's threads too); median and p95 over the pages in ms. Run: npx vitest run --config bench/vitest.config.ts bench/model-inference.bench-run.ts

const repeat = Number(process.env.REPEAT ?? 5);
const limit = Number(process.env.BENCH_LIMIT ?? 100);
const corpus = path.resolve(process.env.BENCH_CORPUS ?? "../shared/corpus");

/** A receipt's annotated lines (eight corner coordinates and the text) as an OCR page of words. */
function receiptPage(file: string): Page | undefined {
  const lines = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .flatMap((row) => {
      const parts = row.split(",");
      const numbers = parts.slice(0, 8).map(Number);
      const text = parts.slice(8).join(",").trim();
      if (parts.length < 9 || !text || numbers.some((value) => !Number.isFinite(value))) return [];
      const xs = numbers.filter((_, index) => index % 2 === 0);
      const ys = numbers.filter((_, index) => index % 2 === 1);
      return [{ x: Math.min(...xs), y: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys), text }];
    });
  if (lines.length === 0) return undefined;
  const width = Math.max(...lines.map((line) => line.right)) + Math.min(...lines.map((line) => line.x));
  const height = Math.max(...lines.map((line) => line.bottom)) + Math.min(...lines.map((line) => line.y));
  const block = lines.map((line) => {
    const tokens = line.text.split(/\s+/).filter(Boolean);
    const characterWidth = (line.right - line.x) / Math.max(1, line.text.length);
    let left = line.x;
    return tokens.map((token): Word => {
      const box = {
        x: left / width,
        y: line.y / height,
        width: (token.length * characterWidth) / width,
        height: (line.bottom - line.y) / height,
      };
      left += (token.length + 1) * characterWidth;
      return { text: token, confidence: 0.95, box };
    });
  });
  return { pageNumber: 1, width, height, unit: "px", source: "ocr", ...assembleLayout([block]) };
}

function timed(run: () => void): number {
  const times: number[] = [];
  for (let round = 0; round < repeat; round++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

const line = (label: string, perPage: number[]) =>
  console.log(
    `${label.padEnd(58)} median ${percentile(perPage, 50).toFixed(2).padStart(6)} ms  p95 ${percentile(perPage, 95).toFixed(2).padStart(6)} ms  max ${Math.max(
      ...perPage,
    )
      .toFixed(2)
      .padStart(6)} ms per page`,
  );

it("times the receipt field models per page", () => {
  const folder = path.join(corpus, "01_forms_kv", "receipts", "sroie_train", "ocr_lines");
  if (!existsSync(folder)) return console.log(`${folder} absent: nothing measured.`);
  const pages = readdirSync(folder)
    .filter((name) => name.endsWith(".csv"))
    .sort()
    .slice(0, limit)
    .flatMap((name) => receiptPage(path.join(folder, name)) ?? []);
  let modelMs = 0;
  const timing =
    <Args extends unknown[]>(rank: (...args: Args) => number[]) =>
    (...args: Args) => {
      const started = performance.now();
      const scores = rank(...args);
      modelMs += performance.now() - started;
      return scores;
    };
  const rankers: Rankers = {
    total: timing(receiptRankers.total),
    date: timing(receiptRankers.date),
    company: timing(receiptRankers.company),
    address: timing(receiptRankers.address),
  };
  const model = { rankers, confidence: receiptFieldConfidence };
  const fieldsMs: number[] = [];
  const modelsMs: number[] = [];
  for (const page of pages) {
    const runs: number[] = [];
    const modelRuns: number[] = [];
    for (let round = 0; round < repeat; round++) {
      modelMs = 0;
      const started = performance.now();
      extractSchemaFields({ schema: receiptSchema, pages: [page], pairs: [], entities: [], model });
      runs.push(performance.now() - started);
      modelRuns.push(modelMs);
    }
    // The models' share of the fastest run.
    const fastest = runs.indexOf(Math.min(...runs));
    fieldsMs.push(runs[fastest]);
    modelsMs.push(modelRuns[fastest]);
  }
  console.log(`\nReceipts (sroie_train's annotated lines, ${pages.length} pages, ${repeat} runs each)`);
  line("schema fields (candidate rules and models)", fieldsMs);
  line("  of which the models (features and regressions)", modelsMs);
});

it("times the form-link models per page", () => {
  const forms = funsdForms("b")?.slice(0, limit);
  if (!forms) return console.log("funsd_train absent: nothing measured.");
  const models = formLinkModels();
  const pages = forms.map(annotatedPage);
  const linksMs = pages.map((page) => timed(() => formLinks(page, models)));
  const rulesMs = pages.map((page) => timed(() => findKeyValuePairs([page])));
  console.log(`\nForms (funsd_train half b's annotated words, ${pages.length} pages, ${repeat} runs each)`);
  line("link models (phrases, candidates, features, forests)", linksMs);
  line("layout rules (findKeyValuePairs)", rulesMs);
});

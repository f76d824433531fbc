import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import LogisticRegression from "ml-logistic-regression";
import { Matrix } from "ml-matrix";
import { receiptFieldNear, receiptFieldRight, receiptSchema } from "@/bench/receipt-fields";
import { assembleLayout } from "@/lib/pages/layout";
import type { Page, Word } from "@/lib/pages/types";
import { findDocumentDate } from "@/lib/extraction/fields/document-date";
import { findIssuer } from "@/lib/extraction/fields/issuer-header";
import {
  addressFeatureNames,
  addressFeatures,
  companyFeatureNames,
  companyFeatures,
  dateFeatureNames,
  dateFeatures,
  totalFeatureNames,
  totalFeatures,
} from "@/lib/extraction/fields/receipt-field-features";
import {
  calibrated,
  rankersFrom,
  regressionScores,
  standardised,
  type Calibration,
  type Rankers,
  type ReceiptFieldKind,
  type ShippedModels,
} from "@/lib/extraction/fields/receipt-field-model";
import { findDocumentTotal } from "@/lib/extraction/fields/receipt-totals";
import { extractSchemaFields } from "@/lib/extraction/fields/schema-fields";
import { structureByBatches } from "@/lib/extraction/stages";

// Trains the receipt field rankers (lib/extraction/fields/receipt-field-model.ts) on the SROIE training
// receipts' annotated text lines and key fields, and writes their weights and calibration to
// lib/extraction/fields/models/receipt-fields/model.json. The corpus is read in place and never copied:
// DOCSVC_CORPUS names its folder (default ../shared/corpus, beside the repository).
//
// Each receipt becomes two OCR-like pages: its lines as annotated, and a copy with OCR's slips
// (characters misread, at a rate drawn per receipt, those words given any confidence; label and
// amount on one row read as one line), because the model scores OCR'd scans, not clean text. Every
// candidate the generators find is a row of features, labelled right when it equals the annotated
// field (a name or an address: within 10% character edits, so a misread letter does not teach the
// ranker to prefer shorter runs of lines). Five folds by receipt: a model trained on four scores the fifth, whose receipts then run
// the whole schema extraction; the chosen values' scores and whether they were right fit the
// calibration (isotonic), and are the development figures printed. The shipped models are then
// trained on every receipt. Run: npm run train:receipts

const kinds: ReceiptFieldKind[] = ["company", "address", "date", "total"];
const featureNames: Record<ReceiptFieldKind, readonly string[]> = {
  company: companyFeatureNames,
  address: addressFeatureNames,
  date: dateFeatureNames,
  total: totalFeatureNames,
};
const folds = 5;
/** Gradient steps; the library sums the gradient over rows, so the step is per row. */
const numSteps = 600;
const stepPerRow = 3;
/** Name and address candidates are mostly wrong: a share of the wrong ones is enough to learn from. */
const wrongKept: Record<ReceiptFieldKind, number> = { company: 0.25, address: 0.25, date: 1, total: 1 };
const output = path.resolve("lib/extraction/fields/models/receipt-fields/model.json");

const corpus = path.resolve(process.env.DOCSVC_CORPUS ?? "../shared/corpus");
const folder = path.join(corpus, "01_forms_kv", "receipts", "sroie_train");
if (!existsSync(path.join(folder, "ocr_lines")) || !existsSync(path.join(folder, "key_fields"))) {
  console.error(
    `No SROIE training set at ${folder} (ocr_lines/ and key_fields/). Set DOCSVC_CORPUS to the corpus folder holding 01_forms_kv/receipts/sroie_train.`,
  );
  process.exit(1);
}

/** A seeded generator, so a run is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface AnnotatedLine {
  x: number;
  y: number;
  width: number;
  height: number;
  text: string;
}

function readLines(file: string): AnnotatedLine[] {
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .flatMap((row) => {
      const parts = row.split(",");
      if (parts.length < 9) return [];
      const numbers = parts.slice(0, 8).map(Number);
      const text = parts.slice(8).join(",").trim();
      if (!text || numbers.some((value) => !Number.isFinite(value))) return [];
      const xs = [numbers[0], numbers[2], numbers[4], numbers[6]];
      const ys = [numbers[1], numbers[3], numbers[5], numbers[7]];
      const [x, y] = [Math.min(...xs), Math.min(...ys)];
      return [{ x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y, text }];
    });
}

/** Characters OCR takes for one another on receipts. */
const misreadings: Record<string, string> = {
  O: "0",
  "0": "O",
  I: "1",
  "1": "I",
  S: "5",
  "5": "S",
  B: "8",
  "8": "B",
  l: "1",
  E: "F",
  C: "G",
  G: "C",
  ".": ",",
  ",": ".",
  A: "4",
  D: "0",
  U: "V",
  N: "M",
  M: "N",
  H: "N",
  R: "P",
  L: "_",
  T: "I",
  "6": "8",
  "3": "8",
};

function misread(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  const character = text[at];
  const replaced = misreadings[character] ?? (next() < 0.5 ? "" : character + character);
  return text.slice(0, at) + replaced + text.slice(at + 1);
}

/** A page of the annotated lines as OCR would give them, optionally with OCR's slips. */
function pageOf(lines: AnnotatedLine[], slips: number, next: () => number): Page {
  const width = Math.max(...lines.map((line) => line.x + line.width)) + Math.min(...lines.map((line) => line.x));
  const height = Math.max(...lines.map((line) => line.y + line.height)) + Math.min(...lines.map((line) => line.y));
  let rows: AnnotatedLine[][] = lines.map((line) => [line]);
  if (slips > 0) {
    // OCR reads a row's label and its amount far to the right as one line.
    rows = [];
    for (const line of [...lines].sort((a, b) => a.y - b.y)) {
      const row = rows.find((candidate) => {
        const first = candidate[0];
        const overlap = Math.min(first.y + first.height, line.y + line.height) - Math.max(first.y, line.y);
        return overlap > Math.min(first.height, line.height) * 0.6;
      });
      if (row) row.push(line);
      else rows.push([line]);
    }
    rows.forEach((row) => row.sort((a, b) => a.x - b.x));
  }
  const block = rows.map((row) =>
    row.flatMap((line) => {
      const tokens = line.text.split(/\s+/).filter(Boolean);
      const characters = tokens.reduce((sum, token) => sum + token.length + 1, -1);
      let left = line.x;
      return tokens.map((token): Word => {
        const tokenWidth = (line.width * token.length) / Math.max(1, characters);
        const box = { x: left / width, y: line.y / height, width: tokenWidth / width, height: line.height / height };
        left += tokenWidth + line.width / Math.max(1, characters);
        const slipped = slips > 0 && next() < slips;
        const text = slipped ? misread(token, next) || token : token;
        // OCR is often sure of a word it misread: a slip's confidence spans most of the range.
        const confidence = slipped ? 0.2 + 0.75 * next() : 0.97 - 0.3 * next() ** 3;
        return { text, confidence, box };
      });
    }),
  );
  return { pageNumber: 1, width, height, unit: "px", source: "ocr", ...assembleLayout([block]) };
}

interface Receipt {
  id: string;
  truth: Record<string, string>;
  pages: Page[];
}

function loadReceipts(): Receipt[] {
  const next = random(20190101);
  return readdirSync(path.join(folder, "key_fields"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => {
      const id = name.replace(/\.json$/, "");
      const linesFile = path.join(folder, "ocr_lines", `${id}.csv`);
      if (!existsSync(linesFile)) return [];
      const lines = readLines(linesFile);
      if (lines.length === 0) return [];
      const truth = JSON.parse(readFileSync(path.join(folder, "key_fields", name), "utf8")) as Record<string, string>;
      return [{ id, truth, pages: [pageOf(lines, 0, next), pageOf(lines, 0.02 + 0.12 * next(), next)] }];
    });
}

type Rows = Record<ReceiptFieldKind, { features: number[][]; labels: number[]; receipt: number[] }>;

const emptyRows = (): Rows =>
  Object.fromEntries(kinds.map((kind) => [kind, { features: [], labels: [], receipt: [] }])) as unknown as Rows;

/** Every candidate of every page as a row, labelled by whether it is the annotated value. */
function collectRows(receipts: Receipt[]): Rows {
  const rows = emptyRows();
  receipts.forEach((receipt, index) => {
    for (const page of receipt.pages) {
      const record = (kind: ReceiptFieldKind, features: number[][], values: string[]) => {
        rows[kind].features.push(...features);
        // A name or an address on the right lines is the one to rank first, even with a letter misread.
        const right = kind === "company" || kind === "address" ? receiptFieldNear : receiptFieldRight;
        rows[kind].labels.push(...values.map((value) => Number(right(kind, receipt.truth[kind], value))));
        rows[kind].receipt.push(...values.map(() => index));
        return values.map(() => 0);
      };
      const recorder: Rankers = {
        total: (candidates, pages) =>
          record(
            "total",
            totalFeatures(candidates, pages),
            candidates.map((candidate) => String(candidate.value)),
          ),
        date: (candidates, pages) =>
          record(
            "date",
            dateFeatures(candidates, pages),
            candidates.map((candidate) => candidate.value),
          ),
        company: (candidates, on) =>
          record(
            "company",
            companyFeatures(candidates, on),
            candidates.map((candidate) => candidate.part.text),
          ),
        address: (candidates, on) =>
          record(
            "address",
            addressFeatures(candidates, on),
            candidates.map((candidate) => candidate.part.text),
          ),
      };
      const builder = structureByBatches([page.text]);
      builder.add([page]);
      builder.finish();
      findDocumentTotal([page], recorder.total);
      findDocumentDate([page], builder.dateOrder, recorder.date);
      findIssuer(page, recorder);
    }
  });
  return rows;
}

interface Trained {
  regression: LogisticRegression;
  mean: number[];
  scale: number[];
}

function train(kind: ReceiptFieldKind, features: number[][], labels: number[]): Trained {
  const next = random(7);
  const kept = features.flatMap((row, index) =>
    labels[index] === 1 || next() < wrongKept[kind] ? [{ row, label: labels[index] }] : [],
  );
  const columns = features[0].length;
  const mean = Array.from(
    { length: columns },
    (_, column) => kept.reduce((sum, { row }) => sum + row[column], 0) / kept.length,
  );
  const scale = mean.map((average, column) => {
    const variance = kept.reduce((sum, { row }) => sum + (row[column] - average) ** 2, 0) / kept.length;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  const regression = new LogisticRegression({ numSteps, learningRate: stepPerRow / kept.length });
  regression.train(
    new Matrix(
      standardised(
        kept.map(({ row }) => row),
        mean,
        scale,
      ),
    ),
    Matrix.columnVector(kept.map(({ label }) => label)),
  );
  return { regression, mean: mean.map(precise), scale: scale.map(precise) };
}

const scoreWith = (trained: Trained, rows: number[][]) =>
  regressionScores(trained.regression, standardised(rows, trained.mean, trained.scale));

/** Pool-adjacent-violators: the non-decreasing step function of right-rate by score, each step smoothed toward a half. */
function isotonic(points: Array<{ score: number; right: boolean }>): Calibration {
  const sorted = [...points].sort((a, b) => a.score - b.score);
  const blocks: Array<{ from: number; right: number; count: number }> = [];
  for (const point of sorted) {
    blocks.push({ from: point.score, right: Number(point.right), count: 1 });
    while (
      blocks.length > 1 &&
      blocks.at(-2)!.right / blocks.at(-2)!.count >= blocks.at(-1)!.right / blocks.at(-1)!.count
    ) {
      const last = blocks.pop()!;
      const previous = blocks.at(-1)!;
      previous.right += last.right;
      previous.count += last.count;
    }
  }
  // A step of few fields is not evidence of certainty: (right + 1) / (count + 2), kept non-decreasing.
  let floor = 0;
  const rates = blocks.map((block) => (floor = Math.max(floor, (block.right + 1) / (block.count + 2))));
  return { scores: blocks.map((block) => round(block.from)), rates: rates.map(round) };
}

const round = (value: number) => Math.round(value * 1e4) / 1e4;
const precise = (value: number) => Number(value.toPrecision(6));

interface Outcome {
  kind: ReceiptFieldKind;
  score: number;
  right: boolean;
  slipped: boolean;
}

/** Runs the schema extraction on a receipt's pages with the given rankers; the raw score stands as the confidence. */
function outcomes(receipt: Receipt, rankers: Rankers): Outcome[] {
  return receipt.pages.flatMap((page, variant) => {
    const builder = structureByBatches([page.text]);
    builder.add([page]);
    const structure = builder.finish();
    const details = extractSchemaFields({
      schema: receiptSchema,
      pages: [page],
      pairs: structure.keyValuePairs,
      entities: structure.entities,
      dateOrder: builder.dateOrder,
      model: { rankers, confidence: (_, score) => score },
    });
    return kinds.map((kind) => {
      const detail = details.find((candidate) => candidate.name === kind)!;
      return {
        kind,
        score: detail.value === null ? 0 : detail.confidence,
        right: receiptFieldRight(kind, receipt.truth[kind], detail.value),
        slipped: variant === 1,
      };
    });
  });
}

/** The regression as LogisticRegression.load reads it: the first classifier's weights only are used. */
function shippedRegression(trained: Trained): unknown {
  const [first] = trained.regression.classifiers;
  return {
    name: "LogisticRegression",
    numSteps,
    learningRate: 0,
    numberClasses: 1,
    classifiers: [{ numSteps, learningRate: 0, weights: first.weights.to2DArray().map((row) => row.map(precise)) }],
  };
}

const ratio = (part: number, whole: number) => (whole === 0 ? "n/a" : (part / whole).toFixed(3));

const started = Date.now();
const receipts = loadReceipts();
console.log(`${receipts.length} training receipts from ${folder}`);
const rows = collectRows(receipts);
for (const kind of kinds)
  console.log(
    `${kind}: ${rows[kind].labels.length} candidates, ${rows[kind].labels.filter(Boolean).length} right (${ratio(
      new Set(rows[kind].receipt.filter((_, index) => rows[kind].labels[index] === 1)).size,
      receipts.length,
    )} of receipts have a right one)`,
  );

const heldOut: Outcome[] = [];
for (let fold = 0; fold < folds; fold++) {
  const models = Object.fromEntries(
    kinds.map((kind) => {
      const keep = rows[kind].receipt.map((receipt) => receipt % folds !== fold);
      return [
        kind,
        train(
          kind,
          rows[kind].features.filter((_, index) => keep[index]),
          rows[kind].labels.filter((_, index) => keep[index]),
        ),
      ];
    }),
  ) as Record<ReceiptFieldKind, Trained>;
  const rankers = rankersFrom((kind, features) => scoreWith(models[kind], features));
  receipts.forEach((receipt, index) => {
    if (index % folds === fold) heldOut.push(...outcomes(receipt, rankers));
  });
  console.log(`fold ${fold + 1}/${folds} scored (${Math.round((Date.now() - started) / 1000)} s)`);
}

const calibrations = Object.fromEntries(
  kinds.map((kind) => [kind, isotonic(heldOut.filter((outcome) => outcome.kind === kind))]),
) as Record<ReceiptFieldKind, Calibration>;

console.log("\nheld-out folds (each receipt scored by models not trained on it):");
for (const slipped of [false, true]) {
  const set = heldOut.filter((outcome) => outcome.slipped === slipped);
  const perField = kinds
    .map((kind) => {
      const of = set.filter((outcome) => outcome.kind === kind);
      return `${kind} ${ratio(of.filter((outcome) => outcome.right).length, of.length)}`;
    })
    .join(", ");
  const sure = set.filter((outcome) => calibrated(calibrations[outcome.kind], outcome.score) >= 0.9);
  console.log(
    `  ${slipped ? "with OCR slips" : "as annotated  "}: right ${ratio(set.filter((outcome) => outcome.right).length, set.length)} (${perField}); at confidence ≥ 0.9: ${ratio(sure.length, set.length)} of fields, right ${ratio(sure.filter((outcome) => outcome.right).length, sure.length)}`,
  );
}
console.log(
  "  (the confidence is calibrated on these same held-out scores: the sure figures are in-sample for the calibration)",
);

const trained = Object.fromEntries(
  kinds.map((kind) => [kind, train(kind, rows[kind].features, rows[kind].labels)]),
) as Record<ReceiptFieldKind, Trained>;
const model: ShippedModels = {
  trainedOn: `SROIE training receipts (${receipts.length}), annotated lines and OCR-slip copies; ${folds}-fold calibration`,
  fields: Object.fromEntries(
    kinds.map((kind) => [
      kind,
      {
        features: [...featureNames[kind]],
        mean: trained[kind].mean,
        scale: trained[kind].scale,
        regression: shippedRegression(trained[kind]),
        calibration: calibrations[kind],
      },
    ]),
  ) as ShippedModels["fields"],
};
writeFileSync(output, JSON.stringify(model));
console.log(
  `\nwrote ${path.relative(process.cwd(), output)} (${Math.round(readFileSync(output).length / 1024)} KB) in ${Math.round((Date.now() - started) / 1000)} s`,
);

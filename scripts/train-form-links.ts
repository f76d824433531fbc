// Trains the form-link models (lib/extraction/key-values/form-links.ts) on FUNSD's training split in
// ../shared/corpus (BENCH_CORPUS=<folder holding funsd_train> elsewhere) and writes them to
// lib/extraction/key-values/models/form-links/. Fits on half a only (every other form, sorted by name): the
// link threshold is chosen by two-fold cross-validation inside half a, and half b is scored at the
// end, never fitted. Pages are read by docsvc-OCR-v1 (cached as the links bench caches them), so
// the models learn from the words and lines the service itself produces. FORM_LINKS_QUICK=1 reads
// nothing new: a form of half a not read yet is trained on as annotated (its own words and boxes),
// one of half b is left out of the figures.
// Run: npm run train:links
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { RandomForestClassifier } from "ml-random-forest";
import type { Page, Word } from "@/lib/pages/types";
import { wordHeight } from "@/lib/extraction/key-values/form-link-features";
import {
  joinCandidates,
  linkCandidates,
  lineRuns,
  stackCandidates,
  stackRuns,
} from "@/lib/extraction/key-values/form-phrases";
import {
  formLinkCandidates,
  type FormLinkModels,
  formLinkPairs,
  positiveProbability,
  type QuantisedForest,
  quantise,
} from "@/lib/extraction/key-values/form-links";
import { layoutPairs } from "@/lib/extraction/key-values/key-values";
import {
  candidateRows,
  minLinkProbability,
  pairCandidates,
  type PairThresholds,
} from "@/lib/extraction/key-values/pair-candidates";
import { chosenPairs, type PairScorer, scoredPairs } from "@/lib/extraction/key-values/pair-scores";
import type { KeyValuePair } from "@/lib/extraction/types";
import { annotatedPage } from "@/bench/funsd-annotated-page";
import { wordsFound } from "@/bench/word-bags";
import {
  asFields,
  cachedPages,
  funsdFolder,
  type FunsdForm,
  funsdForms,
  linkTexts,
  loose,
  ocrPages,
  scoreLinks,
  similar,
} from "@/bench/funsd-forms";

const outFolder = path.resolve("lib/extraction/key-values/models/form-links");

interface Sample {
  form: FunsdForm;
  page: Page;
  /** The annotated entity each read word belongs to. */
  entityOf: Map<Word, number>;
}

/** Each read word's entity: the annotated word it covers most of (half its area at least). */
function matchWords(form: FunsdForm, page: Page): Map<Word, number> {
  const entityOf = new Map<Word, number>();
  const annotated = form.entities.flatMap((entity) =>
    entity.words.map((word) => ({ entity: entity.id, box: word.box })),
  );
  for (const word of page.words) {
    const left = word.box.x * page.width;
    const top = word.box.y * page.height;
    const right = left + word.box.width * page.width;
    const bottom = top + word.box.height * page.height;
    const area = Math.max((right - left) * (bottom - top), 1e-6);
    let best = { entity: -1, share: 0.5 };
    for (const { entity, box } of annotated) {
      const across = Math.min(right, box[2]) - Math.max(left, box[0]);
      const down = Math.min(bottom, box[3]) - Math.max(top, box[1]);
      if (across <= 0 || down <= 0) continue;
      const share = (across * down) / Math.min(area, Math.max((box[2] - box[0]) * (box[3] - box[1]), 1e-6));
      if (share > best.share) best = { entity, share };
    }
    if (best.entity >= 0) entityOf.set(word, best.entity);
  }
  return entityOf;
}

/** The entity most of the words read in the annotation belong to, or -1 (OCR specks and rules count for none). */
function majority(words: Word[], entityOf: Map<Word, number>): number {
  const counts = new Map<number, number>();
  for (const word of words) {
    const entity = entityOf.get(word);
    if (entity !== undefined) counts.set(entity, (counts.get(entity) ?? 0) + 1);
  }
  let best = -1;
  let most = 0;
  for (const [entity, count] of counts) if (count > most) [best, most] = [entity, count];
  return best;
}

const bins = 16;
const maxRows = 6000;

/** Bin edges of a column: its distinct quantiles at 1/16 steps. */
function columnEdges(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const edges = Array.from(
    { length: bins - 1 },
    (_, step) => sorted[Math.floor(((step + 1) / bins) * (sorted.length - 1))],
  );
  return [...new Set(edges)];
}

/**
 * A random forest over quantised features, trees differing by the features each may use. ml-cart
 * tries a split wherever the label changes along a sorted column, so the rows go in ordered by
 * label and the values as at most 16 bins: a few dozen splits per column, not one per row.
 */
function forest(allRows: number[][], allLabels: number[], seed = 7, size = { trees: 8, depth: 8 }): QuantisedForest {
  const started = performance.now();
  // ml-cart is slow on many rows: the rarer class is kept whole, the other evenly sampled to twice as many
  // (maxRows in all at most), so neither class swamps the splits.
  const positives = allLabels.filter((label) => label === 1).length;
  const common = positives * 2 > allLabels.length ? 1 : 0;
  const rare = common === 1 ? allLabels.length - positives : positives;
  const commonRows = Math.min(maxRows - rare, 2 * rare);
  const stride = Math.max(1, Math.ceil((allLabels.length - rare) / Math.max(commonRows, 1)));
  let seen = 0;
  const keep = allLabels.map((label) => label !== common || seen++ % stride === 0);
  const rows = allRows.filter((_, index) => keep[index]);
  const labels = allLabels.filter((_, index) => keep[index]);
  const edges = rows[0].map((_, column) => columnEdges(rows.map((row) => row[column])));
  const order = labels.map((_, index) => index).sort((a, b) => labels[a] - labels[b]);
  const model = new RandomForestClassifier({
    nEstimators: size.trees,
    maxFeatures: 0.6,
    seed,
    noOOB: true,
    useSampleBagging: false,
    treeOptions: { maxDepth: size.depth, minNumSamples: 10 },
  } as never);
  model.train(
    quantise(
      edges,
      order.map((index) => rows[index]),
    ),
    order.map((index) => labels[index]),
  );
  console.log(
    `  forest of ${rows.length} rows (${positives} positive) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { forest: model, edges };
}

function joinData(samples: Sample[]) {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (const { page, entityOf } of samples)
    for (const candidate of joinCandidates(page, wordHeight(page))) {
      const left = entityOf.get(candidate.left);
      const right = entityOf.get(candidate.right);
      if (left === undefined || right === undefined) continue;
      rows.push(candidate.features);
      labels.push(left === right ? 1 : 0);
    }
  return { rows, labels };
}

function runsOf(page: Page, join: QuantisedForest) {
  const unit = wordHeight(page);
  const joins = joinCandidates(page, unit);
  const scores = positiveProbability(
    join,
    joins.map((candidate) => candidate.features),
  );
  const joined = new Set(joins.filter((_, index) => scores[index] >= 0.5).map((candidate) => candidate.right));
  return lineRuns(page, (_, right) => joined.has(right));
}

function stackData(samples: Sample[], join: QuantisedForest) {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (const { page, entityOf } of samples) {
    const runs = runsOf(page, join);
    for (const candidate of stackCandidates(runs, wordHeight(page))) {
      const upper = majority(runs[candidate.upper].words, entityOf);
      const lower = majority(runs[candidate.lower].words, entityOf);
      if (upper < 0 || lower < 0) continue;
      rows.push(candidate.features);
      labels.push(upper === lower ? 1 : 0);
    }
  }
  return { rows, labels };
}

function phrasesOf(page: Page, join: QuantisedForest, stack: QuantisedForest) {
  const runs = runsOf(page, join);
  const stacks = stackCandidates(runs, wordHeight(page));
  const scores = positiveProbability(
    stack,
    stacks.map((candidate) => candidate.features),
  );
  return stackRuns(
    page,
    runs,
    stacks.filter((_, index) => scores[index] >= 0.5),
  );
}

function linkData(samples: Sample[], join: QuantisedForest, stack: QuantisedForest) {
  const rows: number[][] = [];
  const labels: number[] = [];
  for (const { form, page, entityOf } of samples) {
    const byId = new Map(form.entities.map((entity) => [entity.id, entity]));
    const linked = new Set(form.entities.flatMap((entity) => entity.linking.map(([from, to]) => `${from}:${to}`)));
    const phrases = phrasesOf(page, join, stack);
    const entities = phrases.map((phrase) => majority(phrase.words, entityOf));
    for (const candidate of linkCandidates(phrases, wordHeight(page))) {
      const question = byId.get(entities[candidate.question]);
      const answer = byId.get(entities[candidate.answer]);
      rows.push(candidate.features);
      labels.push(
        question?.label === "question" && answer?.label === "answer" && linked.has(`${question.id}:${answer.id}`)
          ? 1
          : 0,
      );
    }
  }
  return { rows, labels };
}

const count = (labels: number[]) => `${labels.length} (${labels.filter((label) => label === 1).length} positive)`;

/** The phrase models, fitted on every form given. */
function trainPhrases(samples: Sample[]): Pick<FormLinkModels, "join" | "stack"> {
  const joinSet = joinData(samples);
  const join = forest(joinSet.rows, joinSet.labels);
  const stackSet = stackData(samples, join);
  const stack = forest(stackSet.rows, stackSet.labels);
  console.log(`  phrase samples: joins ${count(joinSet.labels)}, stacks ${count(stackSet.labels)}`);
  return { join, stack };
}

/** The link model (most candidates are not links; the threshold, chosen by cross-validation, absorbs the sampling's shift in probability). */
function trainLinks(samples: Sample[], phrases: Pick<FormLinkModels, "join" | "stack">, seed: number) {
  const linkSet = linkData(samples, phrases.join, phrases.stack);
  const annotated = samples.reduce(
    (sum, { form }) =>
      sum +
      form.entities.reduce((links, entity) => links + (entity.label === "question" ? entity.linking.length : 0), 0),
    0,
  );
  console.log(`  link samples: ${count(linkSet.labels)} for ${annotated} annotated links`);
  return forest(linkSet.rows, linkSet.labels, seed);
}

/** Pairs found on the samples, scored as fields-score.mjs scores /v1/extract. */
function evaluate(samples: Sample[], pairsOf: (sample: Sample) => KeyValuePair[]) {
  const totals = { links: 0, fields: 0, hits: 0, cpuMs: 0 };
  for (const sample of samples) {
    const cpu = process.cpuUsage();
    const score = scoreLinks(linkTexts(sample.form), asFields(pairsOf(sample)));
    totals.links += score.links;
    totals.fields += score.fields;
    totals.hits += score.hits;
    const used = process.cpuUsage(cpu);
    totals.cpuMs += (used.user + used.system) / 1000;
  }
  const recall = totals.hits / Math.max(totals.links, 1);
  const precision = totals.hits / Math.max(totals.fields, 1);
  return {
    ...totals,
    recall,
    precision,
    f1: recall + precision === 0 ? 0 : (2 * recall * precision) / (recall + precision),
  };
}

const describe = (figures: ReturnType<typeof evaluate>) =>
  `links ${figures.links}, fields ${figures.fields}, right ${figures.hits}: recall ${figures.recall.toFixed(3)}, precision ${figures.precision.toFixed(3)}, F1 ${figures.f1.toFixed(3)}`;

/** OCR'd pages; with `fallback`, forms not read yet are skipped ("none") or taken as annotated ("annotated"). */
async function samplesOf(forms: FunsdForm[], fallback?: "none" | "annotated"): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (const form of forms) {
    const cached = fallback ? cachedPages(form.image) : await ocrPages(form.image);
    const page = cached?.[0] ?? (fallback === "annotated" ? annotatedPage(form) : undefined);
    if (page) samples.push({ form, page, entityOf: matchWords(form, page) });
  }
  return samples;
}

/** The forest as stored: split values rounded (the JSON stays small; the splits are unchanged to 4 digits). */
function stored(model: QuantisedForest, extra: object = {}): string {
  return JSON.stringify({ ...extra, edges: model.edges, forest: model.forest.toJSON() }, (key, value) =>
    typeof value === "number" && !Number.isInteger(value)
      ? Math.round(value * 1e4) / 1e4
      : key === "gain"
        ? undefined
        : value,
  );
}

/** The scorer's rows on one form: the rule pairs and the link model's candidates, each labelled by whether it matches an annotated link. */
interface PairSet {
  rows: number[][];
  labels: number[];
}

function pairSet({ form, page }: Sample, models: Omit<FormLinkModels, "threshold">): PairSet {
  const truth = linkTexts(form);
  const candidates = pairCandidates(layoutPairs(page), formLinkCandidates(page, minLinkProbability, models));
  return {
    rows: candidateRows(page, candidates),
    labels: candidates.map(({ pair }) =>
      truth.some(([question, answer]) => similar(loose(pair.key), question) && similar(loose(pair.value), answer))
        ? 1
        : 0,
    ),
  };
}

const scorerSize = { trees: 16, depth: 10 };

/** How much the scored pairs must gain on the rules, in cross-validated F1 on half a, to replace them (about 13 of half a's 1320 links). */
const winMargin = 0.01;

function trainScorer(sets: PairSet[], seed: number): QuantisedForest {
  const rows = sets.flatMap((set) => set.rows);
  const labels = sets.flatMap((set) => set.labels);
  console.log(`  pair samples: ${count(labels)}`);
  return forest(rows, labels, seed, scorerSize);
}

/**
 * Where links are lost and wrong fields come from, counted on the given forms: each missed link by
 * whether OCR read its words at all and what was found instead; each wrong field by what its key is.
 */
function errorClasses(samples: Sample[], pairsOf: (sample: Sample) => KeyValuePair[]) {
  const classes = new Map<string, number>();
  const add = (name: string) => classes.set(name, (classes.get(name) ?? 0) + 1);
  for (const sample of samples) {
    const { form, page } = sample;
    const fields = asFields(pairsOf(sample)).map(([key, value]) => [loose(key.replace(/ \(\d+\)$/, "")), loose(value)]);
    const score = scoreLinks(linkTexts(form), asFields(pairsOf(sample)));
    const text = page.text ?? page.words.map((word) => word.text).join(" ");
    const read = (phrase: string) => {
      const { found, words } = wordsFound(phrase, text);
      return words === 0 || found / words >= 0.75;
    };
    for (const [question, answer] of score.missed) {
      if (!read(question) || !read(answer)) add("missed: OCR lost or garbled the question or the answer");
      else if (fields.some(([key]) => similar(key, question))) {
        const values = fields.filter(([key]) => similar(key, question)).map(([, value]) => value);
        if (values.some((value) => value.includes(answer) || answer.includes(value)))
          add("missed: label found, value cut or glued to more text");
        else add("missed: label found, another value");
      } else if (fields.some(([, value]) => similar(value, answer))) add("missed: value found under another key");
      else add("missed: neither read as a pair");
    }
    const texts = form.entities.map((entity) => ({ label: entity.label, text: loose(entity.text) }));
    for (const [rawKey, value] of score.wrong) {
      const key = loose(rawKey.replace(/ \(\d+\)$/, ""));
      const keyIs = texts.find((entity) => similar(entity.text, key))?.label;
      const valueIs = texts.find((entity) => similar(entity.text, loose(value)))?.label;
      if (keyIs === "question" && (valueIs === "question" || valueIs === "header"))
        add("wrong: a label linked to another label");
      else if (keyIs === "question") add("wrong: right label, wrong or partial value");
      else if (keyIs)
        add(`wrong: key is ${keyIs === "answer" ? "an answer" : `an ${keyIs === "other" ? "other text" : keyIs}`}`);
      else add("wrong: key matches no annotated text (merged or garbled)");
    }
  }
  return [...classes].sort((a, b) => b[1] - a[1]);
}

const printClasses = (name: string, classes: Array<[string, number]>) => {
  console.log(`error classes on half a, ${name}:`);
  for (const [label, times] of classes) console.log(`  ${String(times).padStart(4)}  ${label}`);
};

async function main() {
  const halfA = funsdForms("a");
  const halfB = funsdForms("b");
  if (!halfA || !halfB) {
    console.error(`${funsdFolder()} is absent: set BENCH_CORPUS to the folder holding funsd_train.`);
    process.exit(1);
  }
  const quick = process.env.FORM_LINKS_QUICK === "1";
  const samples = await samplesOf(halfA, quick ? "annotated" : undefined);
  console.log(`FUNSD training split: fitting on half a (${samples.length} forms)`);

  // The link threshold: two-fold cross-validation inside half a, best F1 among thresholds whose precision reaches 0.7.
  // The phrase models are fitted on all of half a first; only the link model is cross-validated.
  const phrases = trainPhrases(samples);
  const folds = [samples.filter((_, index) => index % 2 === 0), samples.filter((_, index) => index % 2 === 1)];
  const foldModels = [
    { ...phrases, link: trainLinks(folds[1], phrases, 11) },
    { ...phrases, link: trainLinks(folds[0], phrases, 13) },
  ];
  const thresholds = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
  let chosen = { threshold: 0.5, f1: -1 };
  for (const threshold of thresholds) {
    const parts = folds.map((fold, index) =>
      evaluate(fold, ({ page }) => formLinkPairs(page, { ...foldModels[index], threshold })),
    );
    const hits = parts[0].hits + parts[1].hits;
    const recall = hits / (parts[0].links + parts[1].links);
    const precision = hits / Math.max(parts[0].fields + parts[1].fields, 1);
    const f1 = (2 * recall * precision) / Math.max(recall + precision, 1e-9);
    console.log(
      `  half a, cross-validated, threshold ${threshold}: recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}, F1 ${f1.toFixed(3)}`,
    );
    const score = precision >= 0.7 ? f1 + 1 : f1;
    if (score > chosen.f1) chosen = { threshold, f1: score };
  }
  console.log(`link threshold ${chosen.threshold}`);

  const models = { ...phrases, link: trainLinks(samples, phrases, 7), threshold: chosen.threshold };

  // The pair scorer, fitted on rows the link model read out of fold (each fold's candidates come from
  // the link model fitted on the other fold), its threshold chosen by two-fold cross-validation.
  const pairSets = folds.map((fold, index) => fold.map((sample) => pairSet(sample, foldModels[index])));
  const foldScorers = [trainScorer(pairSets[1], 17), trainScorer(pairSets[0], 19)];
  // Each form's candidates and out-of-fold scores, read once; the thresholds are then a grid over them.
  const scoredA = folds.map((fold, index) =>
    fold.map((sample) => {
      const rules = layoutPairs(sample.page);
      const candidates = pairCandidates(rules, formLinkCandidates(sample.page, minLinkProbability, foldModels[index]));
      const scores = positiveProbability(foldScorers[index], candidateRows(sample.page, candidates));
      return { sample, rules, candidates, scores };
    }),
  );
  const pairsAt = (thresholds: PairThresholds) => {
    const found = new Map<Sample, KeyValuePair[]>();
    for (const { sample, rules, candidates, scores } of scoredA.flat())
      found.set(sample, chosenPairs(sample.page, rules, candidates, scores, thresholds));
    return (sample: Sample) => found.get(sample)!;
  };
  const rulesA = evaluate(samples, ({ page }) => layoutPairs(page));
  console.log(`half a, layout rules alone: ${describe(rulesA)}`);
  const grid = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];
  let scorerChoice = { thresholds: { rules: 0.5, model: 0.5 }, f1: -1, figures: rulesA };
  for (const rules of grid)
    for (const model of grid) {
      const figures = evaluate(samples, pairsAt({ rules, model }));
      if (figures.f1 > scorerChoice.f1) scorerChoice = { thresholds: { rules, model }, f1: figures.f1, figures };
    }
  for (const rules of grid)
    console.log(
      `  half a, cross-validated, rule pairs from ${rules}, model links from ${scorerChoice.thresholds.model}: ${describe(evaluate(samples, pairsAt({ rules, model: scorerChoice.thresholds.model })))}`,
    );
  for (const model of grid)
    console.log(
      `  half a, cross-validated, rule pairs from ${scorerChoice.thresholds.rules}, model links from ${model}: ${describe(evaluate(samples, pairsAt({ rules: scorerChoice.thresholds.rules, model })))}`,
    );
  console.log(
    `pair thresholds: rule pairs ${scorerChoice.thresholds.rules}, model links ${scorerChoice.thresholds.model}; cross-validated ${describe(scorerChoice.figures)} against F1 ${rulesA.f1.toFixed(3)} for the rules alone (${scorerChoice.f1 >= rulesA.f1 + winMargin ? "the scored pairs win" : `no win by ${winMargin} F1 or more: findKeyValuePairs keeps the rules`})`,
  );
  const scorer: PairScorer = {
    model: trainScorer(pairSets.flat(), 7),
    thresholds: scorerChoice.thresholds,
  };

  mkdirSync(outFolder, { recursive: true });
  writeFileSync(path.join(outFolder, "join.json"), stored(models.join));
  writeFileSync(path.join(outFolder, "stack.json"), stored(models.stack));
  writeFileSync(path.join(outFolder, "link.json"), stored(models.link, { threshold: models.threshold }));
  writeFileSync(path.join(outFolder, "pairs.json"), stored(scorer.model, { thresholds: scorer.thresholds }));
  console.log(`models written to ${path.relative(process.cwd(), outFolder)}`);

  const combined = ({ page }: Sample) =>
    scoredPairs(page, layoutPairs(page), formLinkCandidates(page, minLinkProbability, models), scorer);
  printClasses(
    "layout rules",
    errorClasses(samples, ({ page }) => layoutPairs(page)),
  );
  printClasses("scored pairs (cross-validated)", errorClasses(samples, pairsAt(scorer.thresholds)));

  const reported = await samplesOf(halfB, quick ? "none" : undefined);
  const perPage = (figures: ReturnType<typeof evaluate>) =>
    `${(figures.cpuMs / Math.max(reported.length, 1)).toFixed(1)} ms of CPU per page`;
  console.log(`half b (${reported.length} forms, OCR words, never fitted):`);
  const rulesB = evaluate(reported, ({ page }) => layoutPairs(page));
  console.log(`  layout rules alone: ${describe(rulesB)}; ${perPage(rulesB)}`);
  const linksB = evaluate(reported, ({ page }) => formLinkPairs(page, models));
  console.log(`  link models alone: ${describe(linksB)}; ${perPage(linksB)}`);
  const scoredB = evaluate(reported, combined);
  console.log(`  scored pairs (rules and links rescored): ${describe(scoredB)}; ${perPage(scoredB)}`);
}

await main();

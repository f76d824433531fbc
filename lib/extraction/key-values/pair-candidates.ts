import type { Box, Page, Word } from "@/lib/pages/types";
import { isKindWord } from "../words/label-similarity";
import type { KeyValuePair } from "../types";
import { wordHeight } from "./form-link-features";
import { capitalsShare, digitShare, flag, meanConfidence } from "./text-shapes";

// The candidates the pair scorer (pair-scores.ts) decides on: every pair the layout rules found and
// every link the link model gives some chance, the numbers the scorer reads off each, and the
// choice among them once scored. The same code serves training (scripts/train-form-links.ts) and
// reading a page, so the scorer is fitted on exactly what it later sees.

/** The least link-model probability at which a model link is a candidate. */
export const minLinkProbability = 0.3;

/** A candidate pair and where it comes from. */
export interface PairCandidate {
  pair: KeyValuePair;
  source: "rules" | "model";
  /** The link model's probability for a model link, for a rule pair that of a model link on the same label and value (0 when none). */
  linkProbability: number;
}

const area = (box: Box) => Math.max(box.width * box.height, 1e-12);

/** The share of the smaller box that the two boxes have in common. */
export function boxOverlap(a: Box, b: Box): number {
  const across = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const down = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (across <= 0 || down <= 0) return 0;
  return (across * down) / Math.min(area(a), area(b));
}

/** The same label and value as another candidate's (the rules and the model reading one link). */
export const samePair = (a: KeyValuePair, b: KeyValuePair) =>
  !!a.keyBox &&
  !!b.keyBox &&
  !!a.valueBox &&
  !!b.valueBox &&
  boxOverlap(a.keyBox, b.keyBox) > 0.5 &&
  boxOverlap(a.valueBox, b.valueBox) > 0.5;

/** The page's words whose centre lies in the box, as read (a closing colon kept). */
function wordsIn(page: Page, box: Box): Word[] {
  return page.words.filter((word) => {
    const x = word.box.x + word.box.width / 2;
    const y = word.box.y + word.box.height / 2;
    return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  });
}

const methods: KeyValuePair["method"][] = ["colon", "gap", "below", "checkbox"];

/** What the scorer knows of the other candidates around a pair. */
export interface PairContext {
  unit: number;
  /** Other candidates on the same label, and on the same value. */
  sameKey: number;
  sameValue: number;
  /** The surest model link whose label is this pair's value (the value reads as a label), and whose value is this pair's label. */
  valueAsKey: number;
  keyAsValue: number;
}

/** The numbers the scorer decides on; distances in the page's typical word height (page height as 1 for boxes in fractions). */
export function pairFeatures(page: Page, candidate: PairCandidate, context: PairContext): number[] {
  const { pair } = candidate;
  const k = pair.keyBox!;
  const v = pair.valueBox!;
  const unitX = context.unit / page.width;
  const unitY = context.unit / page.height;
  const keyWords = wordsIn(page, k);
  const valueWords = wordsIn(page, v);
  const keyRead = keyWords.map((word) => word.text).join(" ") || pair.key;
  const valueRead = valueWords.map((word) => word.text).join(" ") || pair.value;
  const down = Math.max(0, Math.min(k.y + k.height, v.y + v.height) - Math.max(k.y, v.y));
  const across = Math.max(0, Math.min(k.x + k.width, v.x + v.width) - Math.max(k.x, v.x));
  return [
    flag(candidate.source === "rules"),
    ...methods.map((method) => flag(pair.method === method)),
    candidate.linkProbability,
    pair.confidence,
    (v.x - k.x) / unitX,
    (v.x - k.x - k.width) / unitX,
    (v.y - k.y) / unitY,
    (v.y - k.y - k.height) / unitY,
    down / Math.max(Math.min(k.height, v.height), 1e-9),
    across / Math.max(Math.min(k.width, v.width), 1e-9),
    v.height / unitY,
    k.height / unitY,
    k.x / unitX,
    flag(/[:;]\s*$/.test(keyRead)),
    flag(/[:;]\s*$/.test(valueRead)),
    flag(/[:;]/.test(valueRead)),
    flag(/\?\s*$/.test(keyRead)),
    pair.key.length,
    pair.value.length,
    pair.key.split(/\s+/).length,
    pair.value.split(/\s+/).length,
    capitalsShare(pair.key),
    capitalsShare(pair.value),
    digitShare(pair.key),
    digitShare(pair.value),
    flag(isKindWord(pair.key.split(/\s+/).at(-1) ?? "")),
    flag(/^\p{Ll}/u.test(pair.value)),
    flag(/^[xX✓✔☑☒]$/u.test(pair.value.trim())),
    meanConfidence(keyWords),
    meanConfidence(valueWords),
    context.sameKey,
    context.sameValue,
    context.valueAsKey,
    context.keyAsValue,
  ];
}

/** Candidates whose label and value were read (a label with nothing after it is not scored). */
export const scorable = (candidate: PairCandidate) =>
  !!candidate.pair.keyBox &&
  !!candidate.pair.valueBox &&
  candidate.pair.key.trim() !== "" &&
  candidate.pair.value.trim() !== "";

/** The feature rows of a page's scorable candidates, in their order. */
export function candidateRows(page: Page, candidates: PairCandidate[]): number[][] {
  const unit = wordHeight(page);
  const links = candidates.filter((other) => other.source === "model");
  const surest = (list: PairCandidate[]) => Math.max(0, ...list.map((other) => other.linkProbability));
  return candidates.map((candidate) => {
    const { keyBox, valueBox } = candidate.pair;
    const sameKey = candidates.filter(
      (other) => other !== candidate && boxOverlap(other.pair.keyBox!, keyBox!) > 0.5,
    ).length;
    const sameValue = candidates.filter(
      (other) => other !== candidate && boxOverlap(other.pair.valueBox!, valueBox!) > 0.5,
    ).length;
    const valueAsKey = surest(links.filter((other) => boxOverlap(other.pair.keyBox!, valueBox!) > 0.5));
    const keyAsValue = surest(links.filter((other) => boxOverlap(other.pair.valueBox!, keyBox!) > 0.5));
    return pairFeatures(page, candidate, { unit, sameKey, sameValue, valueAsKey, keyAsValue });
  });
}

/** Rule pairs and model links as candidates: a rule pair carries the probability of the model link that reads it too. */
export function pairCandidates(
  rules: KeyValuePair[],
  links: Array<{ pair: KeyValuePair; probability: number }>,
): PairCandidate[] {
  const fromRules = rules.map((pair): PairCandidate => ({
    pair,
    source: "rules",
    linkProbability: Math.max(0, ...links.filter((link) => samePair(link.pair, pair)).map((link) => link.probability)),
  }));
  const fromModel = links.map((link): PairCandidate => ({
    pair: link.pair,
    source: "model",
    linkProbability: link.probability,
  }));
  return [...fromRules, ...fromModel].filter(scorable);
}

/** One box for the other: most of the larger one shared. */
const sameBox = (a: Box, b: Box) => boxOverlap(a, b) * Math.min(area(a), area(b)) >= 0.8 * Math.max(area(a), area(b));

const overlaps = (a: Box | undefined, b: Box | undefined) => !!a && !!b && boxOverlap(a, b) > 0.3;

/** The score from which a pair is kept, for each source (the rules' pairs and the model's links miss in different ways). */
export type PairThresholds = Record<PairCandidate["source"], number>;

/**
 * The kept pairs, surest first: a score of its source's threshold at least, and neither its label nor its value
 * on the label or value of a pair kept before it (several values under one label stay).
 */
export function choosePairs(candidates: PairCandidate[], scores: number[], thresholds: PairThresholds): KeyValuePair[] {
  const ranked = candidates
    .map((candidate, index) => ({ candidate, score: scores[index] }))
    .filter(({ candidate, score }) => score >= thresholds[candidate.source])
    .sort((a, b) => b.score - a.score);
  const kept: KeyValuePair[] = [];
  for (const { candidate, score } of ranked) {
    const { keyBox, valueBox } = candidate.pair;
    const clash = kept.some(
      (other) =>
        overlaps(valueBox, other.valueBox) ||
        overlaps(valueBox, other.keyBox) ||
        overlaps(keyBox, other.valueBox) ||
        (overlaps(keyBox, other.keyBox) && !sameBox(keyBox!, other.keyBox!)),
    );
    if (clash) continue;
    kept.push({ ...candidate.pair, confidence: Math.round(score * 100) / 100 });
  }
  return kept;
}

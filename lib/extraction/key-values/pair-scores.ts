import { RandomForestClassifier } from "ml-random-forest";
import type { Page } from "@/lib/pages/types";
import type { KeyValuePair } from "../types";
import { positiveProbability, type QuantisedForest } from "./form-links";
import { inReadingOrder } from "./key-values";
import {
  boxOverlap,
  candidateRows,
  choosePairs,
  pairCandidates,
  type PairCandidate,
  type PairThresholds,
  scorable,
} from "./pair-candidates";

// The last word on a scanned form's pairs: every pair the layout rules found and every link the
// link model gives some chance, each scored by a random forest trained on labelled forms
// (scripts/train-form-links.ts writes it to models/form-links/pairs.json; MODEL_CARD.md there) on what the two sources say and
// how the pair looks — the value reading as a label of its own, the two sources agreeing, the
// label's and value's shapes and places. The surest pairs are kept first; a pair whose label or
// value overlaps one already kept is dropped, so each value answers one label.

export interface PairScorer {
  model: QuantisedForest;
  /** The score from which a pair is kept, for each source, chosen on the training forms. */
  thresholds: PairThresholds;
}

/** A scorer as stored by the training script: the forest's JSON, its bin edges and threshold. */
export interface StoredScorer {
  forest: unknown;
  edges: number[][];
  thresholds?: PairThresholds;
}

export const loadScorer = (stored: StoredScorer): PairScorer => ({
  model: { forest: RandomForestClassifier.load(stored.forest as never), edges: stored.edges },
  thresholds: stored.thresholds ?? { rules: 0.5, model: 0.5 },
});

/** Scores of the candidates by the scorer's forest. */
export function scoreCandidates(page: Page, candidates: PairCandidate[], scorer: PairScorer): number[] {
  return positiveProbability(scorer.model, candidateRows(page, candidates));
}

/**
 * The scored candidates chosen, in reading order, with each label the rules found with nothing
 * after it that no kept pair covers.
 */
export function chosenPairs(
  page: Page,
  rules: KeyValuePair[],
  candidates: PairCandidate[],
  scores: number[],
  thresholds: PairThresholds,
): KeyValuePair[] {
  const kept = choosePairs(candidates, scores, thresholds);
  const covered = (pair: KeyValuePair) =>
    kept.some((other) =>
      [other.keyBox, other.valueBox].some((box) => !!box && !!pair.keyBox && boxOverlap(box, pair.keyBox) > 0.3),
    );
  const open = rules.filter((pair) => !scorable({ pair, source: "rules", linkProbability: 0 }) && !covered(pair));
  return inReadingOrder(page, [...kept, ...open]);
}

/** A page's pairs from the rules' pairs and the model's links, rescored and chosen. */
export function scoredPairs(
  page: Page,
  rules: KeyValuePair[],
  links: Array<{ pair: KeyValuePair; probability: number }>,
  scorer: PairScorer,
): KeyValuePair[] {
  const candidates = pairCandidates(rules, links);
  return chosenPairs(page, rules, candidates, scoreCandidates(page, candidates, scorer), scorer.thresholds);
}

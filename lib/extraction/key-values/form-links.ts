import { RandomForestClassifier } from "ml-random-forest";
import { unionBox } from "@/lib/pages/layout";
import type { Page, Word } from "@/lib/pages/types";
import { type Phrase, wordHeight } from "./form-link-features";
import {
  joinCandidates,
  type LinkCandidate,
  linkCandidates,
  lineRuns,
  stackCandidates,
  stackRuns,
} from "./form-phrases";
import { labelText } from "../words/label-words";
import joinModel from "./models/form-links/join.json" with { type: "json" };
import linkModel from "./models/form-links/link.json" with { type: "json" };
import stackModel from "./models/form-links/stack.json" with { type: "json" };
import type { KeyValuePair } from "../types";
import { meanWordConfidence } from "../words/value-words";

// Question→answer links on a scanned form, decided by three random forests trained on labelled
// forms (scripts/train-form-links.ts; models/form-links/MODEL_CARD.md): which words of a line make
// one phrase, which phrases continue on the next line, and which phrase answers which. A question
// may have several answers (a list, a column under a heading); an answer has one question.

/** A forest over quantised features: `edges[column]` are the bin edges its values are counted against. */
export interface QuantisedForest {
  forest: RandomForestClassifier;
  edges: number[][];
}

export interface FormLinkModels {
  join: QuantisedForest;
  stack: QuantisedForest;
  link: QuantisedForest;
  /** The link probability from which a link is reported, chosen on the training forms. */
  threshold: number;
}

interface StoredForest {
  forest: unknown;
  edges: number[][];
  threshold?: number;
}

const loadForest = (stored: unknown): QuantisedForest => ({
  forest: RandomForestClassifier.load((stored as StoredForest).forest as never),
  edges: (stored as StoredForest).edges,
});

let shipped: FormLinkModels | undefined;

/** The shipped models, parsed once. */
export function formLinkModels(): FormLinkModels {
  shipped ??= {
    join: loadForest(joinModel),
    stack: loadForest(stackModel),
    link: loadForest(linkModel),
    threshold: (linkModel as unknown as StoredForest).threshold ?? 0.5,
  };
  return shipped;
}

/** How many of the column's bin edges a value reaches: the feature as the forest was trained on it. */
export function binOf(edges: number[], value: number): number {
  let low = 0;
  let high = edges.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (edges[middle] <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export const quantise = (edges: number[][], rows: number[][]) =>
  rows.map((row) => row.map((value, column) => binOf(edges[column], value)));

/** Probability of the positive class for each row (the share of trees voting for it). */
export function positiveProbability(model: QuantisedForest, rows: number[][]): number[] {
  return rows.length === 0 ? [] : model.forest.predictProbability(quantise(model.edges, rows), 1);
}

/** The page's words grouped into phrases by the join and stack models. */
export function pagePhrases(page: Page, models: Pick<FormLinkModels, "join" | "stack">): Phrase[] {
  const unit = wordHeight(page);
  const joins = joinCandidates(page, unit);
  const joinScores = positiveProbability(
    models.join,
    joins.map((candidate) => candidate.features),
  );
  const joined = new Set<Word>(
    joins.filter((_, index) => joinScores[index] >= 0.5).map((candidate) => candidate.right),
  );
  const runs = lineRuns(page, (_, right) => joined.has(right));
  const stacks = stackCandidates(runs, unit);
  const stackScores = positiveProbability(
    models.stack,
    stacks.map((candidate) => candidate.features),
  );
  return stackRuns(
    page,
    runs,
    stacks.filter((_, index) => stackScores[index] >= 0.5),
  );
}

export interface ChosenLink {
  question: number;
  answer: number;
  probability: number;
}

/**
 * Links from scored candidates, surest first: each phrase answers one question at most, and a
 * phrase that answers is not also a question (nor the reverse).
 */
export function chooseLinks(candidates: LinkCandidate[], probabilities: number[], threshold: number): ChosenLink[] {
  const ranked = candidates
    .map((candidate, index) => ({
      question: candidate.question,
      answer: candidate.answer,
      probability: probabilities[index],
    }))
    .filter((link) => link.probability >= threshold)
    .sort((a, b) => b.probability - a.probability);
  const questions = new Set<number>();
  const answers = new Set<number>();
  const chosen: ChosenLink[] = [];
  for (const link of ranked) {
    if (answers.has(link.answer) || answers.has(link.question) || questions.has(link.answer)) continue;
    chosen.push(link);
    questions.add(link.question);
    answers.add(link.answer);
  }
  return chosen;
}

export interface FormLink {
  pair: KeyValuePair;
  /** The question's and the answer's words, which no other pair may take. */
  words: Word[];
  /** The link model's probability. */
  probability: number;
}

/** A page's phrases and every link candidate between them with the link model's probability. */
function scoredCandidates(page: Page, models: Omit<FormLinkModels, "threshold">) {
  const unit = wordHeight(page);
  const phrases = pagePhrases(page, models);
  const candidates = linkCandidates(phrases, unit);
  const probabilities = positiveProbability(
    models.link,
    candidates.map((candidate) => candidate.features),
  );
  return { phrases, candidates, probabilities };
}

/** A chosen link as a key-value pair with its words (none when the question or the answer has no text). */
function linkPair(page: Page, phrases: Phrase[], { question, answer, probability }: ChosenLink): FormLink[] {
  const keyWords = phrases[question].words;
  const valueWords = phrases[answer].words;
  const key = labelText(keyWords);
  const value = valueWords
    .map((word) => word.text)
    .join(" ")
    .trim();
  if (!key || !value) return [];
  const beside = phrases[answer].box.top < phrases[question].box.bottom;
  const pair: KeyValuePair = {
    key,
    value,
    page: page.pageNumber,
    keyBox: unionBox(keyWords.map((word) => word.box)),
    valueBox: unionBox(valueWords.map((word) => word.box)),
    confidence: Math.round(probability * meanWordConfidence([...keyWords, ...valueWords]) * 100) / 100,
    method: beside ? (/[:;]$/.test(keyWords.at(-1)!.text) ? "colon" : "gap") : "below",
  };
  return [{ pair, words: [...keyWords, ...valueWords], probability }];
}

/** A page's question→answer links as key-value pairs with their words, in the order their questions are read. */
export function formLinks(page: Page, models: FormLinkModels = formLinkModels()): FormLink[] {
  if (page.words.length === 0) return [];
  const { phrases, candidates, probabilities } = scoredCandidates(page, models);
  return chooseLinks(candidates, probabilities, models.threshold)
    .sort((a, b) => a.question - b.question || a.answer - b.answer)
    .flatMap((link) => linkPair(page, phrases, link));
}

/**
 * Every link candidate the link model gives `minProbability` at least, none excluded by another:
 * material for a later choice that weighs them against other evidence.
 */
export function formLinkCandidates(
  page: Page,
  minProbability: number,
  models: Omit<FormLinkModels, "threshold"> = formLinkModels(),
): FormLink[] {
  if (page.words.length === 0) return [];
  const { phrases, candidates, probabilities } = scoredCandidates(page, models);
  return candidates.flatMap((candidate, index) =>
    probabilities[index] >= minProbability
      ? linkPair(page, phrases, {
          question: candidate.question,
          answer: candidate.answer,
          probability: probabilities[index],
        })
      : [],
  );
}

export function formLinkPairs(page: Page, models: FormLinkModels = formLinkModels()): KeyValuePair[] {
  return formLinks(page, models).map((link) => link.pair);
}

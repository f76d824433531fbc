import LogisticRegression from "ml-logistic-regression";
import { Matrix } from "ml-matrix";
import shipped from "./models/receipt-fields/model.json" with { type: "json" };
import type { RankDates } from "./document-date";
import type { RankIssuer } from "./issuer-header";
import type { RankTotals } from "./receipt-totals";
import { addressFeatures, companyFeatures, dateFeatures, totalFeatures } from "./receipt-field-features";

// The receipt and invoice field rankers: one logistic regression per field (its name, its address,
// its date, its total) scoring each candidate the generators found (issuer-header.ts,
// document-date.ts, receipt-totals.ts) from its features (receipt-field-features.ts, standardised),
// and a calibration mapping the chosen candidate's score to how often such a choice was right on
// receipts the model never saw (isotonic, on held-out folds). Trained by
// scripts/train-receipt-fields.ts; MODEL_CARD.md beside the weights says on what. Loaded once, when
// this module is first imported.

export type ReceiptFieldKind = "company" | "address" | "date" | "total";

/** A step function from score to right-rate, non-decreasing: at or over `scores[i]`, `rates[i]`. */
export interface Calibration {
  scores: number[];
  rates: number[];
}

export interface ShippedFieldModel {
  features: string[];
  /** Each feature is standardised, (value - mean) / scale, before the weights apply; the last weight is the bias. */
  mean: number[];
  scale: number[];
  /** The trained ml-logistic-regression model (its toJSON). */
  regression: unknown;
  calibration: Calibration;
}

export interface ShippedModels {
  trainedOn: string;
  fields: Record<ReceiptFieldKind, ShippedFieldModel>;
}

/** Scores rows of features, one score per row: the trained forest, or one being cross-validated. */
export type ScoreRows = (kind: ReceiptFieldKind, rows: number[][]) => number[];

export interface Rankers {
  total: RankTotals;
  date: RankDates;
  company: RankIssuer;
  address: RankIssuer;
}

export function rankersFrom(score: ScoreRows): Rankers {
  return {
    total: (candidates, pages) => score("total", totalFeatures(candidates, pages)),
    date: (candidates, pages) => score("date", dateFeatures(candidates, pages)),
    company: (candidates, page) => score("company", companyFeatures(candidates, page)),
    address: (candidates, page) => score("address", addressFeatures(candidates, page)),
  };
}

/** The right-rate of a score: the step at or under it, 0 under the lowest. */
export function calibrated(calibration: Calibration, score: number): number {
  let rate = 0;
  for (const [index, from] of calibration.scores.entries()) if (score >= from) rate = calibration.rates[index];
  return rate;
}

/** The rows standardised, with the constant column the bias weight multiplies. */
export function standardised(rows: number[][], mean: number[], scale: number[]): number[][] {
  return rows.map((row) => [...row.map((value, index) => (value - mean[index]) / scale[index]), 1]);
}

/** A trained regression's probability that each row is the right candidate. */
export function regressionScores(regression: LogisticRegression, rows: number[][]): number[] {
  // Trained one-against-the-rest on labels 0 and 1: the first classifier tells 1 from 0.
  return rows.length === 0 ? [] : regression.classifiers[0].testScores(new Matrix(rows));
}

const models = shipped as unknown as ShippedModels;
const regressions = Object.fromEntries(
  Object.entries(models.fields).map(([kind, model]) => [
    kind,
    LogisticRegression.load(model.regression as Parameters<typeof LogisticRegression.load>[0]),
  ]),
) as Record<ReceiptFieldKind, LogisticRegression>;

export const receiptRankers = rankersFrom((kind, rows) =>
  regressionScores(regressions[kind], standardised(rows, models.fields[kind].mean, models.fields[kind].scale)),
);

/** How often a field chosen at this score was right on held-out receipts (0–1, two decimals). */
export function receiptFieldConfidence(kind: ReceiptFieldKind, score: number): number {
  return Math.round(calibrated(models.fields[kind].calibration, score) * 100) / 100;
}

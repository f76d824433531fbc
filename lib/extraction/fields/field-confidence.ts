import type { ReceiptFieldKind } from "./receipt-field-model";

// What a receipt or invoice field's confidence means: how often a value chosen with that model
// score was right on receipts the model was not trained on (receipt-field-model.ts: isotonic
// calibration on held-out folds). At 0.9 or more such values were right at least 97% of the time
// when measured (MODEL_CARD.md beside the weights gives the figures); below, the number is the
// measured right-rate of its score band.

export interface FieldConfidence {
  confidence: number;
  /** Why the number is what it is, for the field's details. */
  because: string;
}

/** At this confidence or more a value is reported as sure. */
export const sureConfidence = 0.9;

/** The calibrated confidence of a chosen candidate's score, with the words saying why. */
export function scoredConfidence(
  kind: ReceiptFieldKind,
  score: number,
  calibrate: (kind: ReceiptFieldKind, score: number) => number,
): FieldConfidence {
  const confidence = calibrate(kind, score);
  return {
    confidence,
    because: `model score ${score.toFixed(2)}, right ${Math.round(confidence * 100)}% of the time at this score on held-out receipts`,
  };
}

// ml-logistic-regression ships no types; this is the part of its API the receipt field model uses (see its README).
declare module "ml-logistic-regression" {
  import type { Matrix } from "ml-matrix";

  interface TwoClassRegression {
    weights: Matrix;
    /** The probability of each row belonging to anything but this classifier's class. */
    testScores(features: Matrix): number[];
  }

  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    classifiers: TwoClassRegression[];
    numberClasses: number;
    train(features: Matrix, labels: Matrix): void;
    predict(features: Matrix): number[];
    toJSON(): unknown;
    static load(model: unknown): LogisticRegression;
  }
}

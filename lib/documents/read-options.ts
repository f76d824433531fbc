import type { ModelVersion } from "@/lib/models";
import type { Page } from "@/lib/pages/types";

/** What every format reader receives besides the bytes. */
export interface ReadOptions {
  model: ModelVersion;
  password?: string;
  /**
   * Attach a PNG of each page for the viewer (rendered at `imageDpi`); "scans": only of pages read by
   * OCR (whose pixels are at hand), not of a PDF's text-layer pages, which the caller renders on demand.
   */
  renderImages?: boolean | "scans";
  imageDpi?: number;
  /** Only these pages (1-based) of a PDF, read from the whole file; other formats are read whole. */
  pages?: number[];
  /** Stop before decoding when the document has more pages. */
  maxPages?: number;
  /** Largest image (width × height) accepted before decoding; bombs are refused. */
  maxPixels?: number;
  onPage?: (page: Page) => void | Promise<void>;
  /** Told how long each stage of a page took (read: everything but rendering the image and OCR). */
  onStageTime?: (stage: ReadStage, ms: number) => void;
}

/**
 * The engine's own stages, reported through `onStageTime`. `reread` is the part of `ocr` spent on
 * second readings (unsure, rotated or uncovered words, amount rows, a page turned), so it is not
 * added to the page's other stages.
 */
export type ReadStage = "read" | "render" | "ocr" | "reread";

export interface PageStageClock {
  time<T>(stage: "render" | "ocr", work: () => Promise<T>): Promise<T>;
  /** Reports time already spent inside a timed stage (second readings inside OCR). */
  report(stage: "reread", ms: number): void;
  /** Runs `work` once `gate` lets it; the time spent waiting at the gate counts as no stage. */
  waitFor<T>(gate: (inner: () => Promise<T>) => Promise<T>, work: () => Promise<T>): Promise<T>;
  finish(): void;
}

/**
 * Times one page's stages: `time` wraps rendering or OCR, `finish` reports the rest of the page
 * as reading. Without a listener it only runs the work.
 */
export function pageStageClock(onStageTime: ReadOptions["onStageTime"]): PageStageClock {
  const started = performance.now();
  let inner = 0;
  return {
    async time<T>(stage: "render" | "ocr", work: () => Promise<T>): Promise<T> {
      const stageStarted = performance.now();
      try {
        return await work();
      } finally {
        const ms = performance.now() - stageStarted;
        inner += ms;
        onStageTime?.(stage, ms);
      }
    },
    report(stage: "reread", ms: number): void {
      onStageTime?.(stage, ms);
    },
    async waitFor<T>(gate: (inner: () => Promise<T>) => Promise<T>, work: () => Promise<T>): Promise<T> {
      const waitStarted = performance.now();
      return gate(() => {
        inner += performance.now() - waitStarted;
        return work();
      });
    },
    finish(): void {
      onStageTime?.("read", performance.now() - started - inner);
    },
  };
}

export const defaultMaxPixels = 100_000_000;
export const defaultImageDpi = 110;

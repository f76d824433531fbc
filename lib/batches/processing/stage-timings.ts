import type { ReadStage } from "@/lib/documents/read-options";

/** Where a document's processing time goes: the engine's stages, then the storage layer's. */
export type ProcessingStage = ReadStage | "structure" | "store" | "rows" | "charge";

export const PROCESSING_STAGES: readonly ProcessingStage[] = [
  "read",
  "render",
  "ocr",
  "reread",
  "structure",
  "store",
  "rows",
  "charge",
];

/**
 * Milliseconds per stage, summed over the pages (pages run side by side, so the sum can exceed the
 * wall time). `reread` is the part of `ocr` spent on second readings.
 */
export type StageTimings = Record<ProcessingStage, number>;

export function emptyTimings(): StageTimings {
  return { read: 0, render: 0, ocr: 0, reread: 0, structure: 0, store: 0, rows: 0, charge: 0 };
}

export function addTimings(into: StageTimings, more: StageTimings): StageTimings {
  for (const stage of PROCESSING_STAGES) into[stage] += more[stage];
  return into;
}

/** Runs `work` and adds its duration to `stage`. */
export async function timeStage<T>(timings: StageTimings, stage: ProcessingStage, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[stage] += performance.now() - started;
  }
}

/** The record kept with the document (batch_documents.timings) and logged: whole milliseconds, snake_case. */
export function timingRecord(timings: StageTimings, wallMs: number, pages: number): Record<string, number> {
  const record: Record<string, number> = {};
  for (const stage of PROCESSING_STAGES) record[`${stage}_ms`] = Math.round(timings[stage]);
  return { ...record, wall_ms: Math.round(wallMs), pages };
}

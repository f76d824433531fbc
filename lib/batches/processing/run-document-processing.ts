import type { Db } from "@/lib/db";
import { mapWithLimit } from "@/lib/documents/page-builder";
import type { BlobStore } from "@/lib/storage";
import type { DocumentStatus } from "../statuses";
import { beginDocumentProcessing, type DocumentPlan } from "./begin-document-processing";
import { finishDocumentProcessing } from "./finish-document-processing";
import { processPageRange } from "./process-page-range";
import { addTimings, emptyTimings } from "./stage-timings";

/** Pages per stage: small enough that a retry repeats little and the first pages show early. */
export const PAGES_PER_CHUNK = 5;
/** Chunks of one document read at once (each reads its pages in parallel on the OCR pool). */
export const PARALLEL_CHUNKS = 2;

/** Runs a stage: step.run in a background function (memoised, retried alone), or just calls it. */
export type RunStage = <T>(id: string, stage: () => Promise<T>) => Promise<T>;

export type ProcessingOutcome =
  | { state: "skipped" | "failed"; reason: string }
  | { state: "finished"; status: DocumentStatus | "deleted"; pagesDone: number; pagesTotal: number };

export function chunkPages(pages: number[], size: number): number[][] {
  const chunks: number[][] = [];
  for (let index = 0; index < pages.length; index += size) chunks.push(pages.slice(index, index + size));
  return chunks;
}

/**
 * Reads one queued batch document into pages: begin (status, page count, pages still to read), one
 * stage per chunk of pages with bounded parallelism, finish (status, document structure, batch
 * status). Every stage is idempotent (pages are upserted, usage has a charge key), so a retried
 * stage repeats only its own pages. The background function and POST /api/ocr/process both run this.
 */
export async function runDocumentProcessing(options: {
  getDb: () => Promise<Db>;
  getStore: () => BlobStore;
  documentId: string;
  runStage: RunStage;
}): Promise<ProcessingOutcome> {
  const { documentId, runStage } = options;
  const plan: DocumentPlan = await runStage("begin", async () =>
    beginDocumentProcessing({ db: await options.getDb(), store: options.getStore(), documentId }),
  );
  if (plan.state !== "ready") return plan;

  const chunks: Array<number[] | "all"> =
    plan.pendingPages === "all" ? ["all"] : chunkPages(plan.pendingPages, PAGES_PER_CHUNK);
  const ranges = await mapWithLimit(chunks, PARALLEL_CHUNKS, (pages) =>
    runStage(pages === "all" ? "pages-all" : `pages-${pages[0]}-${pages.at(-1)}`, async () =>
      processPageRange({ db: await options.getDb(), store: options.getStore(), documentId, pages, pdf: plan.pdf }),
    ),
  );
  const timings = ranges.reduce(
    (sum, range) => addTimings(sum, range.timings),
    addTimings(emptyTimings(), plan.timings),
  );
  const finished = await runStage("finish", async () =>
    finishDocumentProcessing({ db: await options.getDb(), documentId, timings }),
  );
  return { state: "finished", ...finished };
}

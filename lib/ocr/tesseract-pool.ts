import os from "node:os";
import { createWorker, OEM, PSM, type Worker, type RecognizeResult, type WorkerParams } from "tesseract.js";
import { getConfig } from "@/lib/config";
import type { OcrRecogniser } from "@/lib/models";
import { DocumentError } from "@/lib/errors/document-error";
import { languageDataDir } from "./language-data";
import { logLevelEnabled } from "@/lib/log/logger";
import { nativeLanguageDataDir } from "./native-language-data";
import { recognizeTsvNatively } from "./native-tesseract";
import { localOcrEngine, nativeTesseractBinary } from "./ocr-engine";

/** A page image tesseract did not finish within OCR_PAGE_TIMEOUT_SECONDS (pure noise can keep it busy for minutes). */
export class OcrTimeoutError extends DocumentError {
  constructor(seconds: number) {
    super(
      "ocr_failed",
      `OCR of this page took longer than ${seconds} s and was stopped; the image may be mostly noise`,
    );
  }
}

// A warm pool of tesseract.js workers: starting one costs ~0.5 s (WASM + language data), so workers
// are created once per process and reused. Each job gets a whole worker because page-segmentation
// parameters are per-worker state. A worker holds one recogniser's model, so each recogniser has
// its own workers, while one count of slots, sized to the cores, bounds how many recognise at once
// whatever their model: two pools would otherwise run twice as many WASM threads as there are cores.
// When native tesseract reads (ocr-engine.ts), a job holds a slot while its own process runs instead.

interface RecogniserWorkers {
  idle: Worker[];
  starting: Promise<Worker>[];
  all: Worker[];
}

interface PoolState {
  languages: string;
  size: number;
  busy: number;
  waiting: Array<() => void>;
  workers: Record<OcrRecogniser, RecogniserWorkers>;
  /** Native processes running, killed when the pool is terminated. */
  nativeRuns: Set<AbortController>;
}

const globalKey = Symbol.for("docsvc.tesseractPool");
type GlobalWithPool = typeof globalThis & { [globalKey]?: PoolState };

const noWorkers = (): RecogniserWorkers => ({ idle: [], starting: [], all: [] });

function poolState(): PoolState {
  const holder = globalThis as GlobalWithPool;
  if (!holder[globalKey]) {
    const config = getConfig();
    holder[globalKey] = {
      languages: config.OCR_LANGUAGES,
      size: config.OCR_WORKERS ?? Math.max(1, os.availableParallelism()),
      busy: 0,
      waiting: [],
      workers: { fast: noWorkers(), best: noWorkers() },
      nativeRuns: new Set(),
    };
  }
  return holder[globalKey];
}

async function startWorker(languages: string, recogniser: OcrRecogniser): Promise<Worker> {
  const codes = languages.split("+");
  // tesseract.js leaves its promise pending when initialisation fails and reports through
  // errorHandler instead, so the failure is turned into a rejection here.
  let failStartup: (reason: Error) => void = () => undefined;
  const startupFailed = new Promise<never>((_, reject) => {
    failStartup = reject;
  });
  const worker = createWorker(codes, OEM.LSTM_ONLY, {
    langPath: languageDataDir(codes, recogniser),
    cacheMethod: "none",
    gzip: true,
    errorHandler: (error: unknown) => failStartup(new Error(`OCR worker failed: ${String(error)}`)),
  });
  return Promise.race([worker, startupFailed]);
}

async function acquireSlot(state: PoolState): Promise<void> {
  if (state.busy < state.size) {
    state.busy++;
    return;
  }
  await new Promise<void>((resolve) => state.waiting.push(resolve));
}

/** Hands the slot to the next waiting job, or frees it. */
function releaseSlot(state: PoolState): void {
  const next = state.waiting.shift();
  if (next) next();
  else state.busy--;
}

/** A worker of `recogniser` with a slot held; never more workers per recogniser than slots. */
async function acquireWorker(state: PoolState, recogniser: OcrRecogniser): Promise<Worker> {
  await acquireSlot(state);
  const workers = state.workers[recogniser];
  const idle = workers.idle.pop();
  if (idle) return idle;
  const starting = startWorker(state.languages, recogniser);
  workers.starting.push(starting);
  try {
    const worker = await starting;
    workers.all.push(worker);
    return worker;
  } catch (error) {
    releaseSlot(state);
    throw error;
  } finally {
    workers.starting.splice(workers.starting.indexOf(starting), 1);
  }
}

function releaseWorker(state: PoolState, recogniser: OcrRecogniser, worker: Worker): void {
  state.workers[recogniser].idle.push(worker);
  releaseSlot(state);
}

/** A worker that overran its time is stopped and dropped: tesseract cannot be interrupted otherwise. */
function discardWorker(state: PoolState, recogniser: OcrRecogniser, worker: Worker): void {
  const workers = state.workers[recogniser];
  workers.all.splice(workers.all.indexOf(worker), 1);
  void worker.terminate().catch(() => undefined);
  releaseSlot(state);
}

async function withWorker<T>(
  recogniser: OcrRecogniser,
  params: Partial<WorkerParams> | undefined,
  task: (worker: Worker) => Promise<T>,
): Promise<T> {
  const state = poolState();
  const worker = await acquireWorker(state, recogniser);
  const limitSeconds = getConfig().OCR_PAGE_TIMEOUT_SECONDS;
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeoutError(limitSeconds)), limitSeconds * 1000);
  });
  try {
    await worker.setParameters(jobParams(params));
    const result = await Promise.race([task(worker), overran]);
    releaseWorker(state, recogniser, worker);
    return result;
  } catch (error) {
    // A worker that failed or overran may be mid-page; a fresh one replaces it on the next job.
    discardWorker(state, recogniser, worker);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Tesseract's binarisation: one Otsu threshold for the page (its default), or Leptonica's adaptive Otsu, tile by tile. */
export const globalThreshold = "0";
export const adaptiveThreshold = "1";

/** Tesseract's variables for a job: automatic page segmentation and quiet notes unless the job says otherwise. */
function jobParams(params: Partial<WorkerParams> | undefined): Partial<WorkerParams> {
  // Tesseract's own notes ("Estimating resolution as N", "Detected N diacritics", twice a page)
  // go to its debug file: nowhere unless LOG_LEVEL=debug.
  // A worker keeps its variables between jobs, so every job states the binarisation it reads with.
  return {
    tessedit_pageseg_mode: PSM.AUTO,
    thresholding_method: globalThreshold,
    ...(logLevelEnabled("debug") ? {} : { debug_file: "/dev/null" }),
    ...params,
  };
}

/** One job read by a native tesseract process holding a slot; killed when it overruns OCR_PAGE_TIMEOUT_SECONDS. */
async function recognizeTsvNativelyInSlot(job: RecognizeJob): Promise<string> {
  const state = poolState();
  const binary = nativeTesseractBinary();
  const dataDir = await nativeLanguageDataDir(state.languages, job.recogniser ?? "fast");
  await acquireSlot(state);
  const run = new AbortController();
  state.nativeRuns.add(run);
  const limitSeconds = getConfig().OCR_PAGE_TIMEOUT_SECONDS;
  let timer: NodeJS.Timeout | undefined;
  const overran = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new OcrTimeoutError(limitSeconds));
      run.abort();
    }, limitSeconds * 1000);
  });
  try {
    const params = Object.fromEntries(
      Object.entries(jobParams(job.params)).filter((entry): entry is [string, string | number] => entry[1] != null),
    );
    const reading = recognizeTsvNatively({
      binary,
      image: job.image,
      dataDir,
      languages: state.languages,
      params,
      signal: run.signal,
    });
    reading.catch(() => undefined);
    return await Promise.race([reading, overran]);
  } finally {
    clearTimeout(timer);
    state.nativeRuns.delete(run);
    releaseSlot(state);
  }
}

export interface RecognizeJob {
  image: Buffer;
  params?: Partial<WorkerParams>;
  /** Which model reads the image; `fast` (the default model's) when not given. */
  recogniser?: OcrRecogniser;
}

/** Recognise one image on a pooled tesseract.js worker (whichever engine reads pages); resolves with tesseract's block tree. */
export async function recognizeWithPool(job: RecognizeJob): Promise<RecognizeResult["data"]> {
  return withWorker(job.recogniser ?? "fast", job.params, async (worker) => {
    const result = await worker.recognize(job.image, {}, { blocks: true, text: true });
    return result.data;
  });
}

/**
 * Recognise one image on a pooled worker and return only tesseract's TSV (words with boxes,
 * confidences and their block/paragraph/line numbers): the cheapest output that carries the layout.
 */
export async function recognizeTsvWithPool(job: RecognizeJob): Promise<string> {
  if (localOcrEngine() === "tesseract") return recognizeTsvNativelyInSlot(job);
  return withWorker(job.recogniser ?? "fast", job.params, async (worker) => {
    const result = await worker.recognize(job.image, {}, { text: false, tsv: true });
    return result.data.tsv ?? "";
  });
}

/** Start every worker of `recogniser` now (for native tesseract: unpack its model) so the first request does not pay for it. */
export async function warmOcrPool(recogniser: OcrRecogniser = "fast"): Promise<void> {
  const state = poolState();
  if (localOcrEngine() === "tesseract") {
    await nativeLanguageDataDir(state.languages, recogniser);
    return;
  }
  const { all, starting } = state.workers[recogniser];
  const workers = await Promise.all(
    Array.from({ length: state.size - all.length - starting.length }, () => acquireWorker(state, recogniser)),
  );
  workers.forEach((worker) => releaseWorker(state, recogniser, worker));
}

export function ocrPoolSize(): number {
  return poolState().size;
}

/** Stop all workers (tests and graceful shutdown). */
export async function terminateOcrPool(): Promise<void> {
  const holder = globalThis as GlobalWithPool;
  const state = holder[globalKey];
  if (!state) return;
  holder[globalKey] = undefined;
  state.nativeRuns.forEach((run) => run.abort());
  const sets = Object.values(state.workers);
  await Promise.all(sets.flatMap((set) => set.starting));
  await Promise.all(sets.flatMap((set) => set.all).map((worker) => worker.terminate()));
}

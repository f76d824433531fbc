import os from "node:os";
import { createWorker, OEM, PSM, type Worker, type RecognizeResult, type WorkerParams } from "tesseract.js";
import { getConfig } from "@/lib/config";
import { languageDataDir } from "./language-data";

// A warm pool of tesseract.js workers: starting one costs ~0.5 s (WASM + language data), so workers
// are created once per process and reused. Each job gets a whole worker because page-segmentation
// parameters are per-worker state.

interface PoolState {
  languages: string;
  size: number;
  idle: Worker[];
  starting: Promise<Worker>[];
  all: Worker[];
  waiting: Array<(worker: Worker) => void>;
}

const globalKey = Symbol.for("docsvc.tesseractPool");
type GlobalWithPool = typeof globalThis & { [globalKey]?: PoolState };

function poolState(): PoolState {
  const holder = globalThis as GlobalWithPool;
  if (!holder[globalKey]) {
    const config = getConfig();
    holder[globalKey] = {
      languages: config.OCR_LANGUAGES,
      size: config.OCR_WORKERS ?? Math.max(1, os.availableParallelism()),
      idle: [],
      starting: [],
      all: [],
      waiting: [],
    };
  }
  return holder[globalKey];
}

async function startWorker(languages: string): Promise<Worker> {
  const codes = languages.split("+");
  // tesseract.js leaves its promise pending when initialisation fails and reports through
  // errorHandler instead, so the failure is turned into a rejection here.
  let failStartup: (reason: Error) => void = () => undefined;
  const startupFailed = new Promise<never>((_, reject) => {
    failStartup = reject;
  });
  const worker = createWorker(codes, OEM.LSTM_ONLY, {
    langPath: languageDataDir(codes),
    cacheMethod: "none",
    gzip: true,
    errorHandler: (error: unknown) => failStartup(new Error(`OCR worker failed: ${String(error)}`)),
  });
  return Promise.race([worker, startupFailed]);
}

async function acquireWorker(): Promise<Worker> {
  const state = poolState();
  const idle = state.idle.pop();
  if (idle) return idle;
  if (state.all.length + state.starting.length < state.size) {
    const starting = startWorker(state.languages);
    state.starting.push(starting);
    try {
      const worker = await starting;
      state.all.push(worker);
      return worker;
    } finally {
      state.starting.splice(state.starting.indexOf(starting), 1);
    }
  }
  return new Promise((resolve) => state.waiting.push(resolve));
}

function releaseWorker(worker: Worker): void {
  const state = poolState();
  const next = state.waiting.shift();
  if (next) next(worker);
  else state.idle.push(worker);
}

export interface RecognizeJob {
  image: Buffer;
  params?: Partial<WorkerParams>;
  rotateAuto?: boolean;
}

async function withWorker<T>(params: Partial<WorkerParams> | undefined, task: (worker: Worker) => Promise<T>): Promise<T> {
  const worker = await acquireWorker();
  try {
    await worker.setParameters({ tessedit_pageseg_mode: PSM.AUTO, ...params });
    return await task(worker);
  } finally {
    releaseWorker(worker);
  }
}

/** Recognise one image on a pooled worker; resolves with tesseract's block tree. */
export async function recognizeWithPool(job: RecognizeJob): Promise<RecognizeResult["data"]> {
  return withWorker(job.params, async (worker) => {
    const result = await worker.recognize(job.image, { rotateAuto: job.rotateAuto ?? false }, { blocks: true, text: true });
    return result.data;
  });
}

/**
 * Recognise one image on a pooled worker and return only tesseract's TSV (words with boxes,
 * confidences and their block/paragraph/line numbers): the cheapest output that carries the layout.
 */
export async function recognizeTsvWithPool(job: { image: Buffer; params?: Partial<WorkerParams> }): Promise<string> {
  return withWorker(job.params, async (worker) => {
    const result = await worker.recognize(job.image, {}, { text: false, tsv: true });
    return result.data.tsv ?? "";
  });
}

/** Start every worker now so the first request does not pay for it. */
export async function warmOcrPool(): Promise<void> {
  const state = poolState();
  const workers = await Promise.all(
    Array.from({ length: state.size - state.all.length - state.starting.length }, () => acquireWorker()),
  );
  workers.forEach(releaseWorker);
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
  await Promise.all(state.starting);
  await Promise.all(state.all.map((worker) => worker.terminate()));
}

import path from "node:path";
import { Worker } from "node:worker_threads";
import { DocumentError } from "@/lib/errors/document-error";
import { formatById } from "../formats";
import type { Page } from "@/lib/pages/types";
import type { OfficeTask } from "./office-task";

// Office and text formats are parsed by libraries (mammoth, exceljs) that build the whole document
// in memory. Each document is read in its own worker thread with a heap limit and a time limit, so
// one hostile or enormous file fails alone instead of taking the server down.

export interface WorkerLimits {
  /** Old-generation heap of the worker; a document needing more is stopped. */
  memoryMb: number;
  timeoutMs: number;
}

export const defaultWorkerLimits: WorkerLimits = { memoryMb: 768, timeoutMs: 120_000 };

/** At most this many documents are parsed at once; others wait their turn. */
const maxConcurrentWorkers = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function acquireSlot(): Promise<() => void> {
  if (running >= maxConcurrentWorkers) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

interface WorkerReply {
  ok: boolean;
  pages?: Page[];
  error?: { name: string; code?: string; message: string };
}

function workerFailure(reply: NonNullable<WorkerReply["error"]>, formatName: string): DocumentError {
  if (reply.name === "DocumentError" && reply.code)
    return new DocumentError(reply.code as DocumentError["code"], reply.message);
  if (reply.name === "RangeError") {
    return new DocumentError(
      "document_too_complex",
      `The ${formatName} is too deeply nested or too large to read (${reply.message})`,
    );
  }
  return new DocumentError("corrupt_document", `The ${formatName} cannot be read: ${reply.message}`);
}

function runWorker(task: OfficeTask, limits: WorkerLimits, formatName: string): Promise<Page[]> {
  const root = process.cwd();
  // Loaded by Node from the source tree, never bundled: the bundler must leave this Worker alone.
  const worker = new Worker(
    /* turbopackIgnore: true */ path.join(root, "lib", "documents", "office", "office-worker.mjs"),
    {
      workerData: { root, task },
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.memoryMb / 8)),
      },
      execArgv: ["--disable-warning=MODULE_TYPELESS_PACKAGE_JSON"],
      stdout: false,
      stderr: false,
    },
  );
  return new Promise<Page[]>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      settle(() =>
        reject(
          new DocumentError(
            "document_too_complex",
            `Reading the ${formatName} took longer than ${limits.timeoutMs / 1000} s; it was stopped`,
          ),
        ),
      );
    }, limits.timeoutMs);
    worker.on("message", (reply: WorkerReply) => {
      settle(() =>
        reply.ok
          ? resolve(reply.pages ?? [])
          : reject(workerFailure(reply.error ?? { name: "Error", message: "no reply" }, formatName)),
      );
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const failure =
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new DocumentError(
              "document_too_complex",
              `Reading the ${formatName} needed more than ${limits.memoryMb} MB of memory; it was stopped`,
              { cause: error },
            )
          : new DocumentError("corrupt_document", `The ${formatName} cannot be read`, { cause: error });
      settle(() => reject(failure));
    });
    worker.on("exit", (code) => {
      settle(() =>
        reject(
          new DocumentError(
            "document_too_complex",
            `Reading the ${formatName} stopped unexpectedly (exit code ${code})`,
          ),
        ),
      );
    });
  });
}

/** The pages of an office or text document, read in a memory- and time-limited worker thread. */
export async function readInWorker(task: OfficeTask, limits: WorkerLimits = defaultWorkerLimits): Promise<Page[]> {
  const release = await acquireSlot();
  try {
    return await runWorker(task, limits, formatById(task.formatId).name);
  } finally {
    release();
  }
}

import { getConfig } from "@/lib/config";
import { getDatabaseKind, getDb } from "@/lib/db";
import type { AnyFunctionDefinition } from "./define-function";
import { createExecutor, type Executor } from "./executor/create-executor";

// Cached on globalThis: Next.js evaluates instrumentation and each route in module graphs of their
// own (and dev re-evaluates modules), and two executors would race for runs.
const holder = globalThis as typeof globalThis & { __docsvcExecutor?: Promise<Executor> };

async function createAppExecutor(definitions: AnyFunctionDefinition[]): Promise<Executor> {
  const executor = createExecutor({ db: await getDb(), definitions, concurrency: getConfig().JOB_CONCURRENCY });
  // The embedded database belongs to this process alone, so its running rows are orphans.
  await executor.recoverUnfinishedRuns({ takeOverRunning: getDatabaseKind() === "pglite" });
  return executor;
}

/**
 * Starts the process's in-process executor with every function definition (start-up passes them,
 * so this module needs none of the functions, which dispatch through it) and resumes unfinished runs.
 * A second call returns the running executor.
 */
export function startExecutor(options: { definitions: AnyFunctionDefinition[] }): Promise<Executor> {
  holder.__docsvcExecutor ??= createAppExecutor(options.definitions).catch((error: unknown) => {
    holder.__docsvcExecutor = undefined;
    throw error;
  });
  return holder.__docsvcExecutor;
}

/** The running executor; start-up (startBackgroundWork) must have started it. */
export function getExecutor(): Promise<Executor> {
  if (!holder.__docsvcExecutor) {
    return Promise.reject(
      new Error("The background executor is not started: the server's start-up calls startBackgroundWork"),
    );
  }
  return holder.__docsvcExecutor;
}

/** Stops the executor (tests, shutdown); startExecutor() starts a new one. */
export async function stopExecutor(): Promise<void> {
  const pending = holder.__docsvcExecutor;
  holder.__docsvcExecutor = undefined;
  if (pending) await (await pending).stop();
}

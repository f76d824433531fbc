import { getConfig } from "@/lib/config";
import { getDatabaseKind, getDb } from "@/lib/db";
import { createExecutor, type Executor } from "./executor/create-executor";

// Cached on globalThis: Next.js dev re-evaluates modules, and two executors would race for runs.
const holder = globalThis as typeof globalThis & { __docsvcExecutor?: Promise<Executor> };

async function startExecutor(): Promise<Executor> {
  // Loaded lazily: function handlers call services that dispatch through this module.
  const { functionDefinitions } = await import("@/inngest/functions");
  const executor = createExecutor({
    db: await getDb(),
    definitions: functionDefinitions,
    concurrency: getConfig().JOB_CONCURRENCY,
  });
  // The embedded database belongs to this process alone, so its running rows are orphans.
  await executor.recoverUnfinishedRuns({ takeOverRunning: getDatabaseKind() === "pglite" });
  return executor;
}

/** The process's in-process executor, started (and its unfinished runs resumed) on first use. */
export function getExecutor(): Promise<Executor> {
  holder.__docsvcExecutor ??= startExecutor().catch((error: unknown) => {
    holder.__docsvcExecutor = undefined;
    throw error;
  });
  return holder.__docsvcExecutor;
}

/** Stops the executor (tests, shutdown); the next getExecutor() starts a new one. */
export async function stopExecutor(): Promise<void> {
  const pending = holder.__docsvcExecutor;
  holder.__docsvcExecutor = undefined;
  if (pending) await (await pending).stop();
}

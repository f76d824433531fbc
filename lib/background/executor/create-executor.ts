import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { BackgroundRun, Prisma } from "@/lib/db/generated/client";
import type { AnyFunctionDefinition, JobLogger, OutgoingEvent } from "../define-function";
import { parseEventData } from "../parse-event-data";
import { executeRun } from "./execute-run";

export interface ExecutorOptions {
  db: Db;
  definitions: AnyFunctionDefinition[];
  /** Runs executing at once in this process. */
  concurrency: number;
  logger?: JobLogger;
  /** Retry n waits min(baseMs * 2^(n-1), maxMs). */
  retryBackoff?: { baseMs: number; maxMs: number };
  /** A claimed run is renewed every leaseMs/3; another executor may take it once the lease lapses. */
  leaseMs?: number;
  /** Longest wait between looks at the table (runs enqueued by other instances, lapsed leases). */
  pollIntervalMs?: number;
  /**
   * The clock that decides when sleeps and retries are due (Date.now by default). Tests move it
   * forward and call waitForIdle() to check a schedule of minutes in milliseconds.
   */
  now?: () => number;
}

export interface EnqueuedEvent {
  name: string;
  data: unknown;
  /** Idempotency key: the same id never starts a function twice. Random when absent. */
  id?: string;
}

export interface Executor {
  /** Validates and stores one run per listening function; returns the run ids (existing ones on a repeat). */
  enqueue(event: EnqueuedEvent): Promise<string[]>;
  /** Starts processing: requeues runs orphaned by a dead process, then runs whatever is due. */
  recoverUnfinishedRuns(options?: { takeOverRunning?: boolean }): Promise<number>;
  /** Resolves when nothing is executing and nothing is due now (later sleeps and retries may remain). */
  waitForIdle(): Promise<void>;
  /** Resolves when no unfinished run remains, waiting through sleeps and retry delays. */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  /** Stops claiming new runs and waits for the executing ones. */
  stop(): Promise<void>;
}

const UNFINISHED = ["queued", "running", "sleeping"];

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The in-process executor: runs function definitions from rows in `background_runs`, so every
 * run, step result, sleep and failure survives a restart.
 */
export function createExecutor(options: ExecutorOptions): Executor {
  const { db, definitions, concurrency } = options;
  const logger = options.logger ?? console;
  const backoff = options.retryBackoff ?? { baseMs: 2_000, maxMs: 5 * 60_000 };
  const leaseMs = options.leaseMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const now = options.now ?? Date.now;
  const byId = new Map(definitions.map((definition) => [definition.id, definition]));
  const active = new Map<string, Promise<unknown>>();
  const activeByFunction = new Map<string, number>();
  let started = false;
  let stopped = false;
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  let wakeTimer: NodeJS.Timeout | undefined;

  const dueAt = (time: Date): Prisma.BackgroundRunWhereInput => ({
    OR: [
      { status: { in: ["queued", "sleeping"] }, runAt: { lte: time } },
      { status: "running", lockedUntil: { lt: time } },
    ],
  });

  async function send(events: OutgoingEvent[], eventIdFor: (index: number) => string): Promise<string[]> {
    const ids: string[] = [];
    for (const [index, event] of events.entries()) {
      const id = event.id ?? eventIdFor(index);
      await enqueue({ name: event.name, data: event.data, id });
      ids.push(id);
    }
    return ids;
  }

  async function enqueue(event: EnqueuedEvent): Promise<string[]> {
    const eventId = event.id ?? randomUUID();
    const listeners = definitions.filter((definition) => definition.event === event.name);
    // Validate for every listener before storing anything, so a bad payload starts nothing.
    const payloads = listeners.map((definition) => parseEventData(event.name, definition.schema, event.data));
    const runIds: string[] = [];
    for (const [index, definition] of listeners.entries()) {
      // INSERT … ON CONFLICT DO NOTHING: an upsert reads then inserts, so two instances enqueueing the
      // same id at once (daily housekeeping at start-up) made one fail with a unique violation.
      await db.backgroundRun.createMany({
        data: {
          functionId: definition.id,
          eventName: event.name,
          eventId,
          payload: payloads[index] as Prisma.InputJsonValue,
          runAt: new Date(now()),
        },
        skipDuplicates: true,
      });
      const run = await db.backgroundRun.findUniqueOrThrow({
        where: { functionId_eventId: { functionId: definition.id, eventId } },
        select: { id: true },
      });
      runIds.push(run.id);
    }
    void pump();
    return runIds;
  }

  async function claimNext(): Promise<{ run: BackgroundRun; definition: AnyFunctionDefinition } | null> {
    const time = new Date(now());
    const candidates = await db.backgroundRun.findMany({ where: dueAt(time), orderBy: { runAt: "asc" }, take: 25 });
    for (const candidate of candidates) {
      if (active.has(candidate.id)) continue;
      const definition = byId.get(candidate.functionId);
      if (!definition) {
        const error = `no function "${candidate.functionId}" is registered in this build`;
        logger.error(`[jobs] run ${candidate.id}: ${error}`);
        await db.backgroundRun.update({
          where: { id: candidate.id },
          data: { status: "failed", error, finishedAt: time },
        });
        continue;
      }
      if (definition.concurrency && (activeByFunction.get(definition.id) ?? 0) >= definition.concurrency) continue;
      // Optimistic claim: only one executor's update matches the row version it read.
      const claimed = await db.backgroundRun.updateMany({
        where: { id: candidate.id, status: candidate.status, updatedAt: candidate.updatedAt },
        data: { status: "running", lockedUntil: new Date(time.getTime() + leaseMs) },
      });
      if (claimed.count === 1) return { run: { ...candidate, status: "running" }, definition };
    }
    return null;
  }

  function launch(run: BackgroundRun, definition: AnyFunctionDefinition): void {
    activeByFunction.set(definition.id, (activeByFunction.get(definition.id) ?? 0) + 1);
    const execution = executeRun({
      db,
      run,
      definition,
      logger,
      send,
      leaseMs,
      now,
      backoffMs: (attempt) => Math.min(backoff.baseMs * 2 ** (attempt - 1), backoff.maxMs),
    })
      // The outcome could not be written; the lease lapses and the run is picked up again.
      .catch((error: unknown) =>
        logger.error(`[jobs] ${definition.id} run ${run.id}: could not record the outcome`, error),
      )
      .finally(() => {
        active.delete(run.id);
        activeByFunction.set(definition.id, (activeByFunction.get(definition.id) ?? 1) - 1);
        void pump();
      });
    active.set(run.id, execution);
  }

  async function scheduleWake(): Promise<void> {
    const next = await db.backgroundRun.findFirst({
      where: { status: { in: ["queued", "sleeping"] } },
      orderBy: { runAt: "asc" },
      select: { runAt: true },
    });
    const untilNext = next ? next.runAt.getTime() - now() : pollIntervalMs;
    clearTimeout(wakeTimer);
    wakeTimer = setTimeout(() => void pump(), Math.max(0, Math.min(untilNext, pollIntervalMs)));
    wakeTimer.unref();
  }

  // Fills free slots with due runs; concurrent calls fold into one pass plus one more.
  function pump(): Promise<void> {
    if (!started || stopped) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = (async () => {
      try {
        do {
          pumpAgain = false;
          while (!stopped && active.size < concurrency) {
            const claimed = await claimNext();
            if (!claimed) break;
            launch(claimed.run, claimed.definition);
          }
        } while (pumpAgain && !stopped);
        if (!stopped) await scheduleWake();
      } catch (error) {
        logger.error("[jobs] scheduling background runs failed; retrying shortly", error);
        clearTimeout(wakeTimer);
        wakeTimer = setTimeout(() => void pump(), pollIntervalMs);
        wakeTimer.unref();
      } finally {
        pumping = undefined;
      }
    })();
    return pumping;
  }

  async function recoverUnfinishedRuns({ takeOverRunning = false } = {}): Promise<number> {
    started = true;
    if (takeOverRunning) {
      // Only safe when no other process can be executing them (the embedded database is ours alone).
      await db.backgroundRun.updateMany({
        where: { status: "running", id: { notIn: [...active.keys()] } },
        data: { status: "queued", lockedUntil: null },
      });
    }
    const unfinished = await db.backgroundRun.count({ where: { status: { in: UNFINISHED } } });
    if (unfinished > 0) logger.info(`[jobs] resuming ${unfinished} unfinished background run(s)`);
    await pump();
    return unfinished;
  }

  async function waitForIdle(): Promise<void> {
    for (;;) {
      if (pumping) await pumping;
      if (active.size > 0) {
        await Promise.allSettled([...active.values()]);
        continue;
      }
      if (!started || stopped) return;
      if ((await db.backgroundRun.count({ where: dueAt(new Date(now())) })) === 0) return;
      await pump();
      // Due runs we cannot claim yet (another executor holds them): give the holder time.
      if (active.size === 0) await delay(10);
    }
  }

  async function drain({ timeoutMs = 30_000 } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await waitForIdle();
      const next = await db.backgroundRun.findFirst({
        where: { status: { in: UNFINISHED } },
        orderBy: { runAt: "asc" },
      });
      if (!next) return;
      if (Date.now() >= deadline) {
        throw new Error(`drain timed out: run ${next.id} (${next.functionId}) is still ${next.status}`);
      }
      const wakeAt = next.status === "running" ? (next.lockedUntil?.getTime() ?? now()) : next.runAt.getTime();
      await delay(Math.max(5, Math.min(wakeAt - now(), deadline - Date.now())));
      await pump();
    }
  }

  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(wakeTimer);
    if (pumping) await pumping;
    await Promise.allSettled([...active.values()]);
  }

  return { enqueue, recoverUnfinishedRuns, waitForIdle, drain, stop };
}

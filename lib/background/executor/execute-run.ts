import type { Db } from "@/lib/db";
import type { BackgroundRun, Prisma } from "@/lib/db/generated/client";
import type { AnyFunctionDefinition, JobLogger, OutgoingEvent } from "../define-function";
import { EventValidationError, NonRetriableError } from "../errors";
import { parseEventData } from "../parse-event-data";
import { createStepTools, StepFailure, StepInterrupt, type StepMemos } from "./step-tools";

export interface ExecuteRunOptions {
  db: Db;
  run: BackgroundRun;
  definition: AnyFunctionDefinition;
  logger: JobLogger;
  send(events: OutgoingEvent[], eventIdFor: (index: number) => string): Promise<string[]>;
  /** Delay before retry number `attempt` (1-based). */
  backoffMs(attempt: number): number;
  /** How long a claim lasts without a heartbeat; another executor may take the run after that. */
  leaseMs: number;
  /** The executor's clock: sleeps and retries are due relative to it. */
  now: () => number;
}

export type RunOutcome = "completed" | "sleeping" | "retrying" | "failed";

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

function isNonRetriable(error: unknown): boolean {
  const original = error instanceof StepFailure ? error.original : error;
  // A stored payload that no longer matches the schema will not match on a retry either.
  return original instanceof NonRetriableError || original instanceof EventValidationError;
}

/**
 * Runs one claimed run from the start of its handler, replaying memoised steps, and records the
 * outcome: completed, sleeping until a time, queued for a retry, or failed. Never throws for a
 * handler's failure; that is data in the row.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<RunOutcome> {
  const { db, run, definition, logger } = options;
  const memos = { ...(run.steps as StepMemos) };
  // A step success resets the count, so each step gets the full retry budget (as with Inngest).
  let attempt = run.attempt;
  let saving = Promise.resolve();
  const saveMemos = () => {
    // Writes are chained so parallel steps cannot overwrite a newer memo with an older one.
    saving = saving.then(async () => {
      attempt = 0;
      await db.backgroundRun.update({
        where: { id: run.id },
        data: { steps: memos as Prisma.InputJsonValue, attempt: 0, error: null },
      });
    });
    return saving;
  };
  const heartbeat = setInterval(
    () => {
      db.backgroundRun
        .update({ where: { id: run.id }, data: { lockedUntil: new Date(options.now() + options.leaseMs) } })
        .catch((error: unknown) => logger.error(`[jobs] heartbeat for run ${run.id} failed`, error));
    },
    Math.max(50, Math.floor(options.leaseMs / 3)),
  );
  heartbeat.unref();

  try {
    const step = createStepTools({ runId: run.id, memos, saveMemos, send: options.send, now: options.now });
    try {
      const data = parseEventData(run.eventName, definition.schema, run.payload);
      await definition.handler({ event: { name: run.eventName, data, id: run.eventId }, step, logger });
      await saving;
    } catch (error) {
      await saving;
      if (error instanceof StepInterrupt) {
        await db.backgroundRun.update({
          where: { id: run.id },
          data: { status: "sleeping", runAt: error.wakeAt, lockedUntil: null, steps: memos as Prisma.InputJsonValue },
        });
        return "sleeping";
      }
      return await recordFailure(options, error, attempt + 1);
    }
    await db.backgroundRun.update({
      where: { id: run.id },
      data: {
        status: "completed",
        finishedAt: new Date(),
        lockedUntil: null,
        error: null,
        steps: memos as Prisma.InputJsonValue,
      },
    });
    return "completed";
  } finally {
    clearInterval(heartbeat);
  }
}

async function recordFailure(options: ExecuteRunOptions, error: unknown, attempt: number): Promise<RunOutcome> {
  const { db, run, definition, logger } = options;
  const finalAttempt = isNonRetriable(error) || attempt > definition.retries;
  const message = `attempt ${attempt} of ${definition.retries + 1}: ${describe(error)}`;
  if (finalAttempt) {
    logger.error(`[jobs] ${definition.id} run ${run.id} failed: ${message}`);
    const failureNote = await runFailureHandler(options, error);
    await db.backgroundRun.update({
      where: { id: run.id },
      data: {
        status: "failed",
        attempt,
        error: failureNote ? `${message}\n${failureNote}` : message,
        finishedAt: new Date(),
        lockedUntil: null,
      },
    });
    return "failed";
  }
  logger.warn(`[jobs] ${definition.id} run ${run.id} will retry: ${message}`);
  await db.backgroundRun.update({
    where: { id: run.id },
    data: {
      status: "queued",
      attempt,
      error: message,
      runAt: new Date(options.now() + options.backoffMs(attempt)),
      lockedUntil: null,
    },
  });
  return "retrying";
}

/** The definition's onFailure, once; its own failure is logged and kept on the row, never thrown. */
async function runFailureHandler(options: ExecuteRunOptions, error: unknown): Promise<string | undefined> {
  const { run, definition, logger } = options;
  if (!definition.onFailure) return undefined;
  const original = error instanceof StepFailure ? error.original : error;
  try {
    await definition.onFailure({
      event: { name: run.eventName, data: run.payload as Record<string, unknown>, id: run.eventId },
      error: original instanceof Error ? original : new Error(String(original)),
      logger,
    });
    return undefined;
  } catch (handlerError) {
    logger.error(`[jobs] ${definition.id} run ${run.id}: onFailure failed`, handlerError);
    return `onFailure failed: ${describe(handlerError)}`;
  }
}

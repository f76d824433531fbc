import { setImmediate as nextTurn } from "node:timers/promises";
import { durationToMs } from "inngest";
import type { Duration, JobStep, OutgoingEvent } from "../define-function";

/** What the steps JSON column holds per step key: a result, or the wake-up time of a sleep. */
export type StepMemo = { data: unknown } | { sleepUntil: string };
export type StepMemos = Record<string, StepMemo>;

/**
 * Thrown through the handler to end an execution that must wait (a sleep). Not an Error, so a
 * handler's `catch (error: Error)` logic is less likely to mistake it for a failure.
 */
export class StepInterrupt {
  constructor(readonly wakeAt: Date) {}
}

/** A step's own failure, carrying the step key so the run's error says which step failed. */
export class StepFailure extends Error {
  constructor(
    readonly stepKey: string,
    readonly original: unknown,
  ) {
    super(`step "${stepKey}" failed: ${original instanceof Error ? original.message : String(original)}`, {
      cause: original,
    });
    this.name = "StepFailure";
  }
}

export interface StepToolsOptions {
  runId: string;
  memos: StepMemos;
  /** Persists the memos after a step finished (serialised by the caller). */
  saveMemos(): Promise<void>;
  /** Sends events in-process; `eventIdFor` makes a retried send idempotent. */
  send(events: OutgoingEvent[], eventIdFor: (index: number) => string): Promise<string[]>;
  now?: () => number;
}

// Step results go through JSON exactly as with Inngest, so the first run and a replay agree.
function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** The `step` object for one execution of one run, replaying memoised steps. */
export function createStepTools(options: StepToolsOptions): JobStep {
  const { memos, saveMemos, now = Date.now } = options;
  const uses = new Map<string, number>();

  // A step id used again in the same run (a loop) gets a counter, as Inngest does.
  function keyFor(id: string): string {
    const count = uses.get(id) ?? 0;
    uses.set(id, count + 1);
    return count === 0 ? id : `${id}:${count}`;
  }

  async function runKeyed<T>(key: string, fn: () => Promise<T> | T): Promise<T> {
    const memo = memos[key];
    if (memo && "data" in memo) return memo.data as T;
    let value: T;
    // A turn of the event loop before each step: a run whose steps never wait on I/O would otherwise
    // hold the process's one thread, and requests, until it ends.
    await nextTurn();
    try {
      value = await fn();
    } catch (error) {
      throw new StepFailure(key, error);
    }
    const data = toJson(value);
    memos[key] = { data };
    await saveMemos();
    return data as T;
  }

  return {
    run: (id, fn) => runKeyed(keyFor(id), fn),

    async sleep(id: string, duration: Duration) {
      const key = keyFor(id);
      const memo = memos[key];
      if (memo && "data" in memo) return;
      const wakeAt =
        memo && "sleepUntil" in memo
          ? new Date(memo.sleepUntil)
          : new Date(now() + durationToMs(duration, { name: `step.sleep("${id}")` }));
      if (wakeAt.getTime() <= now()) {
        memos[key] = { data: null };
        await saveMemos();
        return;
      }
      memos[key] = { sleepUntil: wakeAt.toISOString() };
      throw new StepInterrupt(wakeAt);
    },

    async sendEvent(id: string, events: OutgoingEvent | OutgoingEvent[]) {
      const key = keyFor(id);
      const list = Array.isArray(events) ? events : [events];
      const ids = await runKeyed(key, () => options.send(list, (index) => `${options.runId}:${key}:${index}`));
      return { ids };
    },
  };
}

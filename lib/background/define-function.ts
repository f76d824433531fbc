import type { z } from "zod";
import type { EventDefinition, EventSchema } from "./define-event";

/** A duration in milliseconds or as an Inngest time string ("30s", "5m", "1h30m", "1d"). */
export type Duration = number | string;

/** An event on its way out of a function (step.sendEvent); validated before it is sent. */
export interface OutgoingEvent {
  name: string;
  data: Record<string, unknown>;
  /** Idempotency key; derived from the run and step when absent, so a retried send is not doubled. */
  id?: string;
}

/**
 * The step tools a handler gets, identical in both modes. Step results pass through JSON (as with
 * Inngest), so return plain data: a Date comes back as a string.
 */
export interface JobStep {
  /** Runs `fn` once per run: a finished step's result is replayed, a failed one is retried. */
  run<T>(id: string, fn: () => Promise<T> | T): Promise<T>;
  /** Pauses the run; durable, so a restart continues after the sleep instead of repeating it. */
  sleep(id: string, duration: Duration): Promise<void>;
  /** Sends events from inside a run, at most once per step id. */
  sendEvent(id: string, events: OutgoingEvent | OutgoingEvent[]): Promise<{ ids: string[] }>;
}

export interface JobLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

export interface JobEvent<TData> {
  name: string;
  data: TData;
  id: string;
}

export interface JobContext<TData> {
  event: JobEvent<TData>;
  step: JobStep;
  logger: JobLogger;
}

/** What a failure handler gets once a run has failed for good (retries exhausted or non-retriable). */
export interface JobFailureContext<TData> {
  event: JobEvent<TData>;
  error: Error;
  logger: JobLogger;
}

export interface FunctionDefinition<TSchema extends EventSchema = EventSchema, TResult = unknown> {
  id: string;
  /** The event name this function listens to. */
  event: string;
  schema: TSchema;
  /** Retries per step after the first attempt (Inngest allows 0-20). */
  retries: number;
  /** Most runs of this function at once; unlimited (within the executor's bound) when absent. */
  concurrency?: number;
  handler(context: JobContext<z.output<TSchema>>): Promise<TResult>;
  /** Runs once when the run fails for good, so durable state (a job row) never stays "processing". */
  onFailure?(context: JobFailureContext<z.output<TSchema>>): Promise<void>;
}

export type AnyFunctionDefinition = FunctionDefinition<EventSchema, unknown>;

/**
 * A background function as plain data plus a handler. The same definition is served to Inngest
 * (inngest/functions) and run by the in-process executor (lib/background/executor).
 */
export function defineFunction<TName extends string, TSchema extends EventSchema, TResult>(options: {
  id: string;
  event: EventDefinition<TName, TSchema>;
  retries: number;
  concurrency?: number;
  handler(context: JobContext<z.output<TSchema>>): Promise<TResult>;
  onFailure?(context: JobFailureContext<z.output<TSchema>>): Promise<void>;
}): FunctionDefinition<TSchema, TResult> {
  const { id, event, retries, concurrency, handler, onFailure } = options;
  if (!Number.isInteger(retries) || retries < 0 || retries > 20) {
    throw new Error(`Function ${id}: retries must be an integer from 0 to 20`);
  }
  return { id, event: event.name, schema: event.schema, retries, concurrency, handler, onFailure };
}

import path from "node:path";
import { Worker } from "node:worker_threads";
import { messages, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/** What the Prisma adapter and the migrations use of a PGlite: an in-process one or the worker's. */
export type PgliteClient = Pick<PGlite, "query" | "exec" | "transaction" | "close">;

type ErrorData = { message: string; name?: string; database?: boolean; fields: Record<string, unknown> };
type Reply = { id: number; result?: unknown; error?: ErrorData };
type Request = { op: string; tx?: number } & Record<string, unknown>;

// Resolved from the working directory, as the data directory is: the worker is a plain module file
// (lib/db/pglite-worker.mjs) that the app's bundle does not contain.
const workerFile = () => path.join(/* turbopackIgnore: true */ process.cwd(), "lib/db/pglite-worker.mjs");

/** Young generation of the database thread's heap (V8 sizes it for the whole machine otherwise). */
const youngGenerationMb = 16;

/** The worker's error as the caller's: a PostgreSQL error stays a DatabaseError (the adapter maps it to Prisma's codes). */
function toError(data: ErrorData): Error {
  const error = data.database
    ? new messages.DatabaseError(data.message, Number(data.fields.length ?? 0), "error")
    : new Error(data.message);
  return Object.assign(error, data.fields);
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parsed<T>(result: Results<T>, parsers: QueryOptions["parsers"]): Results<T> {
  if (!parsers) return result;
  const columns = result.fields
    .map((field, index) => ({ index, name: field.name, parse: parsers[field.dataTypeID] }))
    .filter((column) => column.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown[]) {
    const record = row as Record<string | number, unknown>;
    for (const column of columns) {
      const key = Array.isArray(row) ? column.index : column.name;
      const value = record[key];
      if (value !== null && value !== undefined) record[key] = column.parse!(value as string);
    }
  }
  return result;
}

/**
 * Opens the embedded database in a worker thread and answers with a PGlite-shaped client. Writing a
 * page's rows (its word boxes parsed into jsonb) ran on the main thread and took about as long as
 * reading the page; here it overlaps the reading of the next pages on the other core. Statements
 * keep PGlite's order (one connection: a transaction holds it until it ends).
 */
export async function openPgliteInWorker(dataDir: string): Promise<PgliteClient> {
  const worker = new Worker(workerFile(), {
    workerData: { dataDir },
    // The thread's own objects are short-lived (a statement's parameters and rows; the database itself
    // lives in WebAssembly memory): a small young generation keeps its heap from growing by hundreds of MB.
    resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let failure: Error | undefined;
  // The worker keeps the process alive only while a statement is awaited (a script ends after its last one).
  const settle = () => (pending.size > 0 ? worker.ref() : worker.unref());

  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", () => {
      worker.off("error", reject);
      resolve();
    });
  });
  worker.on("message", (reply: Reply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    settle();
    if (reply.error) waiter.reject(toError(reply.error));
    else waiter.resolve(reply.result);
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of pending.values()) waiter.reject(failure);
    pending.clear();
  };
  worker.on("error", fail);
  // Closed, or stopped by something else: a statement still waiting would otherwise wait forever.
  worker.on("exit", (code) => fail(new Error(`The database thread has stopped (exit code ${code})`)));
  settle();

  const send = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      settle();
      worker.postMessage({ ...request, id });
    });
  };
  const query = async <T>(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptions) => {
    const result = await send<Results<T>>({
      op: "query",
      tx,
      sql,
      params: params ?? [],
      rowMode: options?.rowMode ?? "object",
      rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
    });
    return parsed(result, options?.parsers);
  };
  const exec = (tx: number | undefined, sql: string) => send<Results[]>({ op: "exec", tx, sql });

  return {
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => query<T>(undefined, sql, params, options),
    exec: (sql: string) => exec(undefined, sql),
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = nextId++;
      await send({ op: "begin", txId: id });
      let closed = false;
      const tx = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => query<R>(id, sql, params, options),
        exec: (sql: string) => exec(id, sql),
        async rollback() {
          await send({ op: "rollback", tx: id });
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await send({ op: "end", tx: id, ok: false }).catch(() => undefined);
        throw error;
      }
      await send({ op: "end", tx: id, ok: true });
      return result;
    },
    async close() {
      try {
        await send({ op: "close" });
      } finally {
        await worker.terminate();
      }
    },
  } as PgliteClient;
}

// The embedded database's own thread (see pglite-in-worker.ts): PGlite runs PostgreSQL compiled to
// WebAssembly synchronously on the thread that calls it, so on the main thread every statement (a
// page's word boxes parsed into jsonb, compressed, written) stopped reading and answering requests.
// Plain JavaScript, loaded by path at run time: the app's bundle does not contain it.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, messages } from "@electric-sql/pglite";

const pglite = await PGlite.create({ dataDir: workerData.dataDir });
/** Open transactions by id: the PGlite transaction and how to end its callback. */
const transactions = new Map();

/** The parsers the caller asked for run on its side (functions do not cross threads): text here. */
function rawParsers(types) {
  return Object.fromEntries(types.map((type) => [type, (text) => text]));
}

function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  // PostgreSQL's fields (code, severity, detail, …); not the query's options, whose parsers are functions.
  const fields = Object.fromEntries(
    Object.entries(error).filter(
      ([key, value]) => key !== "name" && ["string", "number", "boolean"].includes(typeof value),
    ),
  );
  return { message: error.message, name: error.name, database: error instanceof messages.DatabaseError, fields };
}

/** Begins a transaction whose callback stays open until an "end" message; resolves once it began. */
function openTransaction(id) {
  return new Promise((began, failed) => {
    const entry = { rollingBack: undefined };
    entry.done = pglite.transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          Object.assign(entry, { tx, resolve, reject });
          transactions.set(id, entry);
          began();
        }),
    );
    // A failed BEGIN rejects here; any later failure is answered to the "end" message.
    entry.done.catch(failed);
  });
}

function entryOf(id) {
  const entry = transactions.get(id);
  if (!entry) throw new Error("Transaction is closed");
  return entry;
}

const clientOf = (message) => (message.tx === undefined ? pglite : entryOf(message.tx).tx);

async function handle(message) {
  switch (message.op) {
    case "query": {
      const client = clientOf(message);
      const options = { rowMode: message.rowMode, parsers: rawParsers(message.rawTypes) };
      const result = await client.query(message.sql, message.params, options);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec": {
      const results = await clientOf(message).exec(message.sql);
      return results.map((result) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }));
    }
    case "begin":
      await openTransaction(message.txId);
      return null;
    case "rollback": {
      const ending = entryOf(message.tx);
      ending.rollingBack = ending.tx.rollback();
      await ending.rollingBack;
      return null;
    }
    case "end": {
      const ending = entryOf(message.tx);
      // A rollback asked for just before must finish first, or the transaction would then commit.
      await ending.rollingBack?.catch(() => undefined);
      if (message.ok) ending.resolve(null);
      else ending.reject(new Error("The transaction's callback failed"));
      try {
        await ending.done;
      } finally {
        transactions.delete(message.tx);
      }
      return null;
    }
    case "close":
      await pglite.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

parentPort.on("message", (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: errorData(error) }),
  );
});
parentPort.postMessage({ ready: true });

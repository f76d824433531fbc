import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { Pool } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import type { PgliteClient } from "./pglite-in-worker";

// Both upstream adapters run migration scripts in ways that break `applyMigrations`:
// - pglite-prisma-adapter does not await `exec`, so a failing migration is recorded as applied and
//   its error surfaces later as an unhandled rejection;
// - @prisma/adapter-pg splits the script on every ";" (breaking literals and $$ bodies) and runs
//   the pieces one by one outside a transaction.
// Here a script is sent whole through the simple-query protocol, as `prisma migrate deploy` does:
// PostgreSQL runs a multi-statement simple query as one implicit transaction.

type PostgresError = Error & { code?: string; severity?: string; detail?: string; column?: string; hint?: string };

function isPostgresError(error: unknown): error is PostgresError {
  return error instanceof Error && typeof (error as PostgresError).code === "string" && "severity" in error;
}

function toDriverAdapterError(error: unknown): unknown {
  if (!isPostgresError(error)) return error;
  return new DriverAdapterError({
    kind: "postgres",
    code: error.code ?? "N/A",
    severity: error.severity ?? "N/A",
    message: error.message,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
  });
}

function replaceScriptRunner(
  adapter: SqlDriverAdapter,
  runScript: (script: string) => Promise<unknown>,
): SqlDriverAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await runScript(script);
    } catch (error) {
      throw toDriverAdapterError(error);
    }
  };
  return adapter;
}

/** A PGlite adapter factory whose scripts are awaited and whose shadow database is freed after use. */
export function createPgliteAdapterFactory(pglite: PgliteClient): SqlMigrationAwareDriverAdapterFactory {
  // The adapter uses only query, exec and transaction, which a worker's client answers as well.
  const upstream = new PrismaPGlite(pglite as PGlite);
  return {
    provider: upstream.provider,
    adapterName: upstream.adapterName,
    async connect() {
      return replaceScriptRunner(await upstream.connect(), (script) => pglite.exec(script));
    },
    async connectToShadowDb() {
      // Upstream opens a new in-memory PGlite per call and never closes it (tens of MB each).
      const shadow = new PGlite();
      const adapter = replaceScriptRunner(await new PrismaPGlite(shadow).connect(), (script) => shadow.exec(script));
      adapter.dispose = () => shadow.close();
      return adapter;
    },
  };
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * adapter-pg rejects PostgreSQL's one-byte "char" type (pg_catalog columns such as contype and
 * relkind), so the engine cannot introspect a database through it. Its values arrive as
 * one-character strings; reporting them as text is what the PGlite adapter effectively does.
 * Applied only to the schema engine's private pool.
 */
function reportCharColumnsAsText(pool: Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const patched = async (...args: unknown[]) => {
    const result = await query(...args);
    for (const part of Array.isArray(result) ? result : [result]) {
      for (const field of (part as { fields?: { dataTypeID: number }[] } | undefined)?.fields ?? []) {
        if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
      }
    }
    return result;
  };
  (pool as unknown as { query: typeof patched }).query = patched;
}

/**
 * An adapter-pg factory for the schema engine. One connection (`max: 1`) keeps the engine's
 * advisory lock, its queries and its scripts in the same session. Shadow databases are refused:
 * adapter-pg's handling of them is broken (see DESIGN.md), so diffs use PGlite instead.
 */
export function createPostgresMigrationAdapterFactory(url: string): SqlMigrationAwareDriverAdapterFactory & {
  disposeAll(): Promise<void>;
} {
  const upstream = new PrismaPg({ connectionString: url, max: 1 });
  const opened: SqlDriverAdapter[] = [];
  return {
    provider: upstream.provider,
    adapterName: upstream.adapterName,
    async connect() {
      const adapter = await upstream.connect();
      opened.push(adapter);
      const pool = adapter.underlyingDriver() as Pool;
      reportCharColumnsAsText(pool);
      return replaceScriptRunner(adapter, (script) => pool.query(script));
    },
    async connectToShadowDb() {
      throw new Error("A shadow database on PostgreSQL is not supported here; diff through PGlite instead.");
    },
    async disposeAll() {
      // The engine does not close what it connected, and an open pool keeps the process alive.
      await Promise.all(opened.splice(0).map((adapter) => adapter.dispose()));
    },
  };
}

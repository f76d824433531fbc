import { PrismaPg } from "@prisma/adapter-pg";
import { getConfig } from "../config";
import { createPgliteAdapterFactory } from "./adapters";
import { createPrismaClient, type DatabaseKind, type Db } from "./create-client";
import { openEmbeddedPglite } from "./embedded-pglite";
import { applyMigrations } from "./migrate";

export type { DatabaseKind, Db, DbTransaction } from "./create-client";

type OpenDatabase = { db: Db; close(): Promise<void> };

// One client per process. Cached on globalThis because Next.js dev re-evaluates modules on every
// edit; a second client would also mean a second PGlite on the same directory.
const store = globalThis as typeof globalThis & { __docsvcDb?: Promise<OpenDatabase> };

async function openDatabase(): Promise<OpenDatabase> {
  const { DATABASE_URL, DATA_DIR } = getConfig();
  if (DATABASE_URL) {
    // PostgreSQL is migrated by `npm run db:migrate` (a deploy step), not by each app instance.
    const db = createPrismaClient(new PrismaPg({ connectionString: DATABASE_URL }), "postgresql");
    return { db, close: () => db.$disconnect() };
  }
  let embedded = await openEmbeddedPglite(DATA_DIR, { thread: "worker" });
  try {
    const applied = await applyMigrations({ pglite: embedded.pglite });
    if (applied.length > 0) console.info(`[db] applied migrations to ${embedded.dataDir}: ${applied.join(", ")}`);
    if (applied.length > 0) {
      // Creating and migrating a database grows PGlite's WebAssembly memory to ~0.7 GB, which it never
      // gives back; a new worker on the same files starts at ~0.25 GB.
      await embedded.close();
      embedded = await openEmbeddedPglite(DATA_DIR, { thread: "worker" });
    }
  } catch (error) {
    await embedded.close();
    throw error;
  }
  const db = createPrismaClient(createPgliteAdapterFactory(embedded.pglite), "pglite");
  return {
    db,
    async close() {
      try {
        await db.$disconnect();
      } finally {
        await embedded.close();
      }
    },
  };
}

function openCached(): Promise<OpenDatabase> {
  store.__docsvcDb ??= openDatabase().catch((error: unknown) => {
    // Let the next call try again instead of caching the failure forever.
    store.__docsvcDb = undefined;
    throw error;
  });
  return store.__docsvcDb;
}

/**
 * The process's Prisma client: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite
 * database in DATA_DIR/pglite (migrated on first use). Never use `db` inside `db.$transaction`'s
 * callback, only `tx`: on PGlite the outer client waits for the transaction to end.
 */
export async function getDb(): Promise<Db> {
  return (await openCached()).db;
}

export function getDatabaseKind(): DatabaseKind {
  return getConfig().DATABASE_URL ? "postgresql" : "pglite";
}

/**
 * Tests only: getDb() answers `db` (a test's own database, see createTestDatabase's `serveGetDb`) until
 * this is called with undefined, for code under test that opens the process's database itself (a route
 * handler). Closing stays with whoever opened `db`.
 */
export function setDbForTests(db: Db | undefined): void {
  store.__docsvcDb = db ? Promise.resolve({ db, close: async () => {} }) : undefined;
}

/** Disconnects and, for PGlite, closes the database and frees its lock. getDb() opens it again. */
export async function closeDb(): Promise<void> {
  const open = store.__docsvcDb;
  if (!open) return;
  store.__docsvcDb = undefined;
  await (await open).close();
}

/** `SELECT 1` round trip for health checks; never throws. `now` is the clock the latency is read on. */
export async function checkDatabase(
  options: { now?: () => number } = {},
): Promise<{ ok: boolean; latencyMs: number; error?: string }> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  try {
    const db = await getDb();
    await db.$queryRaw`SELECT 1`;
    return { ok: true, latencyMs: Math.round(now() - started) };
  } catch (error) {
    return {
      ok: false,
      latencyMs: Math.round(now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

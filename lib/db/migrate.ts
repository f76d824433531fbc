import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { DiffTarget, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { createPgliteAdapterFactory, createPostgresMigrationAdapterFactory } from "./adapters";
import { readMigrationsList } from "./migrations-list";
import type { PgliteClient } from "./pglite-in-worker";
import { noFilters, withSchemaEngine, type SchemaFile } from "./schema-engine";

/** The database a migration command works on: an open PGlite, or a PostgreSQL URL. */
export type MigrationTarget = { pglite: PgliteClient } | { url: string };

type EngineUse<T> = (engine: SchemaEngine, schemaFiles: SchemaFile[]) => Promise<T>;

async function withTargetEngine<T>(target: MigrationTarget, use: EngineUse<T>): Promise<T> {
  if ("pglite" in target) return withSchemaEngine(createPgliteAdapterFactory(target.pglite), use);
  const factory = createPostgresMigrationAdapterFactory(target.url);
  try {
    return await withSchemaEngine(factory, use);
  } finally {
    await factory.disposeAll();
  }
}

/** The SQL taking `from` to schema.prisma; '' when there is no difference. */
async function diffToSchema(engine: SchemaEngine, from: DiffTarget, schemaFiles: SchemaFile[]): Promise<string> {
  const result = await engine.diff({
    from,
    to: { tag: "schemaDatamodel", files: schemaFiles },
    script: true,
    exitCode: true,
    filters: noFilters,
  });
  // Exit code 0 means no difference (the engine then prints an "empty migration" comment).
  return result.exitCode === 0 ? "" : (result.stdout ?? "");
}

/**
 * Applies the pending migrations in prisma/migrations and records them in `_prisma_migrations`,
 * as `prisma migrate deploy` does (same table, checksums and advisory lock). Returns the names
 * applied, oldest first; empty when the database was up to date. A failing migration throws and
 * stays recorded as failed, as with the CLI. `migrationsDir` defaults to prisma/migrations.
 */
export async function applyMigrations(
  target: MigrationTarget,
  options: { migrationsDir?: string } = {},
): Promise<string[]> {
  const migrationsList = await readMigrationsList(options.migrationsDir);
  const apply = () =>
    withTargetEngine(target, async (engine) => {
      const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: noFilters });
      return appliedMigrationNames;
    });
  return "url" in target ? withMigrationLock(target.url, apply) : apply();
}

// Our own key, not the engine's (72707369), which it takes itself on another connection.
const MIGRATION_LOCK_KEY = 4_127_301_775;

/**
 * Runs `apply` while holding a PostgreSQL advisory lock, so instances deploying together migrate one
 * at a time: the engine's own lock gives up after 10 s, this one waits for as long as the first
 * instance's migrations take, after which the second finds nothing to apply.
 */
async function withMigrationLock<T>(url: string, apply: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await apply();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}

/**
 * The SQL that would bring the migrations in prisma/migrations to schema.prisma; '' when they are
 * in sync. The engine replays the migrations on a shadow database, an in-memory PGlite.
 */
export async function diffMigrationsToSchema(): Promise<string> {
  const migrationsList = await readMigrationsList();
  // The engine wants a main connection too; it is not touched by this diff.
  const scratch = new PGlite();
  try {
    // With no migrations yet there is no lockfile to name the connector, so start from nothing.
    const from: DiffTarget =
      migrationsList.migrationDirectories.length === 0 ? { tag: "empty" } : { tag: "migrations", ...migrationsList };
    return await withTargetEngine({ pglite: scratch }, (engine, schemaFiles) =>
      diffToSchema(engine, from, schemaFiles),
    );
  } finally {
    await scratch.close();
  }
}

/**
 * The SQL that would bring the live database to schema.prisma; '' when the database matches it.
 * A `url` diff target does not exist in the WebAssembly engine; `schemaDatasource` introspects
 * the database through the adapter's connection instead.
 */
export async function diffDatabaseToSchema(target: MigrationTarget): Promise<string> {
  return withTargetEngine(target, (engine, schemaFiles) =>
    diffToSchema(engine, { tag: "schemaDatasource", files: schemaFiles, configDir: process.cwd() }, schemaFiles),
  );
}

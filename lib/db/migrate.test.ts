import { mkdtemp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, diffDatabaseToSchema, diffMigrationsToSchema } from "./migrate";
import { LOCKFILE_CONTENT } from "./migrations-list";
import { migrationsDir } from "./paths";
import { createTestDatabase, testPostgresUrl } from "./testing";

async function committedMigrationNames(): Promise<string[]> {
  const entries = await readdir(migrationsDir(), { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

type MigrationRow = { migration_name: string; finished: boolean; rolled_back: boolean; logs: string | null };
const migrationRowsSql =
  "SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back, logs " +
  "FROM _prisma_migrations ORDER BY migration_name";

describe("migrations", () => {
  it("match prisma/schema.prisma (the diff from the migrations to the schema is empty)", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  });
});

describe("on PGlite", () => {
  let pglite: PGlite;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "docsvc-migrate-test-"));
    pglite = await PGlite.create({ dataDir: path.join(dir, "db") });
  });
  afterAll(async () => {
    await pglite.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("applies every migration to a fresh database, then nothing on a second run", async () => {
    const names = await committedMigrationNames();
    expect(names.length).toBeGreaterThan(0);
    expect(await applyMigrations({ pglite })).toEqual(names);
    expect(await applyMigrations({ pglite })).toEqual([]);
  });

  it("records each migration in _prisma_migrations as finished", async () => {
    const { rows } = await pglite.query<MigrationRow>(migrationRowsSql);
    expect(rows).toEqual(
      (await committedMigrationNames()).map((name) => ({
        migration_name: name,
        finished: true,
        rolled_back: false,
        logs: null,
      })),
    );
  });

  it("leaves a database whose diff to the schema is empty, and notices drift", async () => {
    expect(await diffDatabaseToSchema({ pglite })).toBe("");
    await pglite.exec('ALTER TABLE "users" DROP COLUMN "name"');
    expect(await diffDatabaseToSchema({ pglite })).toContain('ADD COLUMN     "name" TEXT');
    await pglite.exec('ALTER TABLE "users" ADD COLUMN "name" TEXT');
    expect(await diffDatabaseToSchema({ pglite })).toBe("");
  });

  it("reports a failing migration and does not record it as applied", async () => {
    const badDir = path.join(dir, "bad-migrations");
    await mkdir(path.join(badDir, "1_bad"), { recursive: true });
    await writeFile(path.join(badDir, "migration_lock.toml"), LOCKFILE_CONTENT);
    await writeFile(
      path.join(badDir, "1_bad", "migration.sql"),
      'CREATE TABLE "t1" ("a" INT);\nSELECT * FROM "missing";\n',
    );
    const fresh = await PGlite.create();
    try {
      await expect(applyMigrations({ pglite: fresh }, { migrationsDir: badDir })).rejects.toThrow(/missing/);
      const { rows } = await fresh.query<MigrationRow>(migrationRowsSql);
      expect(rows).toMatchObject([{ migration_name: "1_bad", finished: false }]);
      // The script ran as one implicit transaction, so its first statement was undone too.
      const { rows: tables } = await fresh.query<{ t: string | null }>("SELECT to_regclass('t1')::text AS t");
      expect(tables[0].t).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});

const postgresUrl = testPostgresUrl();

describe.skipIf(!postgresUrl)(
  "on PostgreSQL (runs when TEST_DATABASE_URL or DATABASE_URL is set, skipped otherwise)",
  () => {
    it("migrates a fresh database once, records it, and matches the schema", async () => {
      // createTestDatabase already applied the migrations to its fresh database.
      const testDb = await createTestDatabase({ kind: "postgresql" });
      try {
        const url = testDb.url as string;
        expect(await applyMigrations({ url })).toEqual([]);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<MigrationRow>(migrationRowsSql);
          expect(rows.map((row) => row.migration_name)).toEqual(await committedMigrationNames());
          expect(rows.every((row) => row.finished && !row.rolled_back)).toBe(true);
          expect(await diffDatabaseToSchema({ url })).toBe("");
          await client.query('ALTER TABLE "users" DROP COLUMN "name"');
          expect(await diffDatabaseToSchema({ url })).toContain('ADD COLUMN     "name" TEXT');
        } finally {
          await client.end();
        }
      } finally {
        await testDb.dispose();
      }
    });

    it("applies every migration to an empty database", async () => {
      const serverUrl = postgresUrl as string;
      const name = `docsvc_migrate_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        expect(await applyMigrations({ url: url.href })).toEqual(await committedMigrationNames());
        expect(await applyMigrations({ url: url.href })).toEqual([]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });

    it("lets two instances migrate one fresh database at the same moment: one applies, the other waits and finds nothing to do", async () => {
      const serverUrl = postgresUrl as string;
      const name = `docsvc_migrate_race_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const results = await Promise.all([applyMigrations({ url: url.href }), applyMigrations({ url: url.href })]);
        expect(results.map((applied) => applied.length).sort()).toEqual([0, (await committedMigrationNames()).length]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });

    it("waits for another instance's migration lock for as long as it is held", async () => {
      const serverUrl = postgresUrl as string;
      const name = `docsvc_migrate_lock_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const holder = new pg.Client({ connectionString: url.href });
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
        await holder.connect();
        // Another instance in the middle of migrating: it holds the lock.
        const [{ key }] = (await holder.query<{ key: string }>("SELECT 4127301775::bigint AS key")).rows;
        await holder.query("SELECT pg_advisory_lock($1)", [key]);
        const migrating = applyMigrations({ url: url.href });
        const waiting = async () =>
          Number(
            (
              await holder.query<{ n: string }>(
                "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
              )
            ).rows[0].n,
          );
        while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        const tables = await holder.query(
          "SELECT 1 FROM information_schema.tables WHERE table_name = '_prisma_migrations'",
        );
        expect(tables.rowCount).toBe(0);
        await holder.query("SELECT pg_advisory_unlock($1)", [key]);
        expect(await migrating).toEqual(await committedMigrationNames());
      } finally {
        await holder.end();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
  },
);

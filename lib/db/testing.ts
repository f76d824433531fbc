import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { getConfig } from "../config";
import { setAuthSecretForTests } from "../crypto/auth-secret";
import { createLocalBlobStore, setBlobStoreForTests } from "../storage";
import { createPgliteAdapterFactory } from "./adapters";
import { createPrismaClient, type DatabaseKind, type Db } from "./create-client";
import { setDbForTests } from "./index";
import { applyMigrations } from "./migrate";
import { openPgliteInWorker, type PgliteClient } from "./pglite-in-worker";

export type TestDatabase = {
  db: Db;
  kind: DatabaseKind;
  /** The fresh database's URL (PostgreSQL only). */
  url?: string;
  /** The open PGlite (PGlite only), for raw SQL in tests. */
  pglite?: PgliteClient;
  /** Disconnects and deletes the database. */
  dispose(): Promise<void>;
};

/** The PostgreSQL server tests should use, if any: TEST_DATABASE_URL, else DATABASE_URL. */
export function testPostgresUrl(): string | undefined {
  const { TEST_DATABASE_URL, DATABASE_URL } = getConfig();
  return TEST_DATABASE_URL ?? DATABASE_URL;
}

/**
 * The test database helper: a fresh, migrated database owned by one test file, a database created on
 * the PostgreSQL server named by TEST_DATABASE_URL (or DATABASE_URL) as CI runs it, or a PGlite in a
 * temporary directory. Pass its `db` to the code under test and call `dispose()` in afterAll.
 * `serveGetDb`: until dispose(), getDb() answers this database, getAuthSecret() a fresh secret and
 * getBlobStore() local storage in a temporary folder (as a fresh data folder would hold), for code that
 * opens the process's database or storage itself (a route handler, a background job, a token signer); no
 * environment variable changes.
 */
export async function createTestDatabase(
  options: { kind?: DatabaseKind; serveGetDb?: boolean } = {},
): Promise<TestDatabase> {
  const serverUrl = testPostgresUrl();
  const kind = options.kind ?? (serverUrl ? "postgresql" : "pglite");
  if (kind === "postgresql" && !serverUrl)
    throw new Error("A PostgreSQL test database needs TEST_DATABASE_URL or DATABASE_URL.");
  const database = kind === "pglite" ? await createPgliteTestDatabase() : await createPostgresTestDatabase(serverUrl!);
  if (!options.serveGetDb) return database;
  setDbForTests(database.db);
  setAuthSecretForTests(randomBytes(48).toString("base64url"));
  const blobs = await mkdtemp(path.join(os.tmpdir(), "docsvc-test-blobs-"));
  setBlobStoreForTests(createLocalBlobStore(blobs));
  return {
    ...database,
    async dispose() {
      setDbForTests(undefined);
      setAuthSecretForTests(undefined);
      setBlobStoreForTests(undefined);
      await rm(blobs, { recursive: true, force: true });
      await database.dispose();
    },
  };
}

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "docsvc-test-db-"));
  // In a worker thread, as the app opens it, so every suite runs on the same database client.
  const pglite = await openPgliteInWorker(dir);
  try {
    await applyMigrations({ pglite });
  } catch (error) {
    await pglite.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const db = createPrismaClient(createPgliteAdapterFactory(pglite), "pglite");
  return {
    db,
    kind: "pglite",
    pglite,
    async dispose() {
      try {
        await db.$disconnect();
        await pglite.close();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

async function withServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function createPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `docsvc_test_${randomUUID().replaceAll("-", "")}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  await withServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  try {
    await applyMigrations({ url: url.href });
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  const db = createPrismaClient(new PrismaPg({ connectionString: url.href }), "postgresql");
  return {
    db,
    kind: "postgresql",
    url: url.href,
    async dispose() {
      try {
        await db.$disconnect();
      } finally {
        await dropDatabase();
      }
    },
  };
}

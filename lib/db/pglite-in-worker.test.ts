import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { messages } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteInWorker, type PgliteClient } from "./pglite-in-worker";

// The Prisma suites (client.test.ts and every suite on createTestDatabase) run through this client;
// here, what the adapter relies on directly.
describe("PGlite in a worker thread", () => {
  let dir: string;
  let pglite: PgliteClient;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "docsvc-pglite-worker-"));
    pglite = await openPgliteInWorker(dir);
    await pglite.exec("CREATE TABLE t (id int PRIMARY KEY, at timestamp, doc jsonb)");
  });
  afterAll(async () => {
    await pglite.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers rows, applying the caller's parsers to the columns of their types", async () => {
    await pglite.query("INSERT INTO t VALUES ($1, $2, $3::jsonb)", [1, "2026-01-02 03:04:05", '{"b": 1, "a": [2]}']);
    const result = await pglite.query<unknown[]>("SELECT id, at, doc FROM t", [], {
      rowMode: "array",
      parsers: { 1114: (text: string) => `parsed ${text}` },
    });
    expect(result.rows).toEqual([[1, "parsed 2026-01-02 03:04:05", { a: [2], b: 1 }]]);
    expect(result.fields.map((field) => field.name)).toEqual(["id", "at", "doc"]);
  });

  it("reports PostgreSQL errors as PGlite's DatabaseError with their code", async () => {
    const failure = await pglite.query("INSERT INTO t (id) VALUES (1)").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(messages.DatabaseError);
    expect(failure).toMatchObject({ code: "23505", severity: "ERROR", table: "t" });
  });

  it("commits a transaction, rolls back one whose callback fails or that asks to, and runs other statements after it", async () => {
    await pglite.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (2)");
    });
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id) VALUES (3)");
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    let outside: Promise<unknown> | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query("INSERT INTO t (id) VALUES (4)");
      // A statement outside the transaction waits for it to end (one connection).
      outside = pglite.query("SELECT count(*)::int AS n FROM t");
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    expect((await outside) as { rows: unknown[] }).toMatchObject({ rows: [{ n: 2 }] });
    const ids = await pglite.query<{ id: number }>("SELECT id FROM t ORDER BY id");
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it("refuses statements once its thread has stopped instead of leaving them waiting", async () => {
    const otherDir = await mkdtemp(path.join(os.tmpdir(), "docsvc-pglite-worker-"));
    const other = await openPgliteInWorker(otherDir);
    await other.close();
    await expect(other.query("SELECT 1")).rejects.toThrow(/database thread has stopped/);
    await rm(otherDir, { recursive: true, force: true });
  });
});

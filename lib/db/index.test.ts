import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "../config";
import { setLogSinkForTests } from "../log/logger";
import { openEmbeddedPglite } from "./embedded-pglite";
import { checkDatabase, closeDb, getDatabaseKind, getDb } from "./index";

describe("getDb with the embedded database", () => {
  let dataDir: string;
  const savedEnv = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "docsvc-getdb-test-"));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    resetConfigForTests();
  });
  afterAll(async () => {
    await closeDb();
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("opens one migrated PGlite client per process", async () => {
    expect(getDatabaseKind()).toBe("pglite");
    const [first, second] = await Promise.all([getDb(), getDb()]);
    expect(first).toBe(second);
    const rows = await first.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL`;
    expect(rows[0].n).toBeGreaterThan(0);
    await first.user.create({ data: { email: "kept@example.com" } });
  });

  it("answers the health check", async () => {
    // A clock that moves 7 ms per reading: the latency is the round trip measured on it.
    let clock = 1_000;
    const health = await checkDatabase({ now: () => (clock += 7) });
    expect(health).toEqual({ ok: true, latencyMs: 7 });
  });

  it("refuses a second opening of the data directory while it is open", async () => {
    await expect(openEmbeddedPglite(dataDir)).rejects.toThrow(/already open in this process/);
  });

  it("keeps data across close and reopen", async () => {
    await closeDb();
    const db = await getDb();
    expect(await db.user.count({ where: { email: "kept@example.com" } })).toBe(1);
    await closeDb();
  });

  it("refuses a data directory locked by another live process, and takes over a stale lock", async () => {
    const lockFile = path.join(dataDir, "pglite.lock");
    const lock = (pid: number) => JSON.stringify({ pid, hostname: os.hostname(), startedAt: new Date().toISOString() });
    await writeFile(lockFile, lock(process.ppid));
    await expect(getDb()).rejects.toThrow(new RegExp(`in use by process ${process.ppid}`));
    // A pid far above any pid_max is never alive.
    await writeFile(lockFile, lock(2 ** 30));
    const logged: string[] = [];
    setLogSinkForTests((line) => logged.push(line));
    try {
      const db = await getDb();
      expect(await db.user.count()).toBe(1);
    } finally {
      setLogSinkForTests(undefined);
    }
    expect(logged.map((line) => JSON.parse(line))).toContainEqual(
      expect.objectContaining({ event: "database_stale_lock_cleared", pid: 2 ** 30 }),
    );
  });
});

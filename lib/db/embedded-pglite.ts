import { mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { logger } from "../log/logger";
import { openPgliteInWorker, type PgliteClient } from "./pglite-in-worker";

// PGlite is PostgreSQL in one process with no shared-memory coordination: two processes opening
// the same data directory corrupt it. A lock file beside the directory (pid and host) makes a
// second process (a second `next start`, `npm run db:migrate` while the app runs) fail loudly.

type LockOwner = { pid: number; hostname: string; startedAt: string };

export type EmbeddedPglite = { pglite: PgliteClient; dataDir: string; close(): Promise<void> };

// Lock files held by this process, so a stale file from an earlier process that had the same pid
// (common in containers, where the app is often pid 1) is told apart from a second open here.
const held = ((globalThis as { __docsvcPgliteLocks?: Set<string> }).__docsvcPgliteLocks ??= new Set<string>());

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readOwner(lockFile: string): Promise<LockOwner | undefined> {
  try {
    return JSON.parse(await readFile(lockFile, "utf8")) as LockOwner;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    // A half-written or foreign file: treat it as stale rather than refusing to start forever.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

async function acquireLock(lockFile: string, dataDir: string): Promise<void> {
  if (held.has(lockFile)) {
    throw new Error(`${dataDir} is already open in this process; use getDb() instead of opening it again.`);
  }
  const me: LockOwner = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lockFile, JSON.stringify(me), { flag: "wx" });
      held.add(lockFile);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = await readOwner(lockFile);
    const stale =
      owner === undefined || (owner.hostname === me.hostname && (owner.pid === process.pid || !isAlive(owner.pid)));
    if (!stale) {
      throw new Error(
        `The embedded database ${dataDir} is in use by process ${owner.pid} on ${owner.hostname} ` +
          `(since ${owner.startedAt}). PGlite allows one process at a time: stop that process, ` +
          `or set DATABASE_URL to use PostgreSQL. If no such process runs, delete ${lockFile}.`,
      );
    }
    await unlink(lockFile).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    // A process that died without closing (SIGKILL, a crash) leaves its lock behind: say so once.
    logger.warn("database_stale_lock_cleared", {
      lock_file: lockFile,
      pid: owner?.pid ?? null,
      host: owner?.hostname ?? null,
      since: owner?.startedAt ?? null,
    });
  }
  throw new Error(`Could not take the lock ${lockFile}: another process keeps recreating it.`);
}

function releaseLockSync(lockFile: string): void {
  if (!held.delete(lockFile)) return;
  try {
    unlinkSync(lockFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Opens (creating on first use) the embedded database in `<dataRoot>/pglite`, holding the
 * single-process lock until `close()` or process exit. `thread: "worker"` runs it in a worker
 * thread (the app's database: statements then overlap the request work on the main thread).
 */
export async function openEmbeddedPglite(
  dataRoot: string,
  options: { thread?: "main" | "worker" } = {},
): Promise<EmbeddedPglite> {
  const root = path.resolve(/* turbopackIgnore: true */ process.cwd(), dataRoot);
  const dataDir = path.join(root, "pglite");
  const lockFile = path.join(root, "pglite.lock");
  await mkdir(root, { recursive: true });
  await acquireLock(lockFile, dataDir);
  const onExit = () => releaseLockSync(lockFile);
  process.once("exit", onExit);
  let pglite: PgliteClient;
  try {
    pglite = options.thread === "worker" ? await openPgliteInWorker(dataDir) : await PGlite.create({ dataDir });
  } catch (error) {
    process.off("exit", onExit);
    releaseLockSync(lockFile);
    throw error;
  }
  return {
    pglite,
    dataDir,
    async close() {
      try {
        await pglite.close();
      } finally {
        process.off("exit", onExit);
        releaseLockSync(lockFile);
      }
    },
  };
}

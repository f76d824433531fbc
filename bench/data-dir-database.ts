import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetConfigForTests } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { resetAuthSecretForTests } from "@/lib/crypto/auth-secret";

/**
 * Benches only (tests use createTestDatabase from lib/db/testing.ts): points the process's database
 * (getDb) and secret at a fresh data folder through DATA_DIR, because a bench's child
 * processes open the same folder as the app would.
 */
export async function useDataDirDatabase(env: Record<string, string> = {}): Promise<{ dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "docsvc-auth-test-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  delete process.env.AUTH_SECRET;
  Object.assign(process.env, env);
  resetConfigForTests();
  resetAuthSecretForTests();
  await getDb();
  return {
    async dispose() {
      await closeDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { resetConfigForTests } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { resetAuthSecretForTests } from "@/lib/crypto/auth-secret";

/**
 * @deprecated New tests use createTestDatabase() from lib/db/testing.ts (with `serveGetDb` when the code
 * under test calls getDb() itself), which changes no environment variable. Kept for the tests that still
 * need DATA_DIR for blobs or set configuration through the environment.
 *
 * Points the process's database (getDb) and secret at a fresh embedded PGlite in a temp directory, so
 * services that call getDb() are tested against a real, migrated, isolated database. Vitest runs each
 * test file in its own process, so this is safe per file.
 */
export async function useTempDatabase(env: Record<string, string> = {}): Promise<{ dispose(): Promise<void> }> {
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

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { closeDb, getDb } from "@/lib/db";
import { currentOcrEngine } from "@/lib/ocr/ocr-engine";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { resetBlobStoreForTests } from "@/lib/storage";
import { checkHealth } from "./check-health";
import { HealthResponseSchema } from "./diagnostics.contract";

const dataDir = mkdtempSync(path.join(tmpdir(), "docsvc-health-"));

beforeAll(async () => {
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("BLOB_READ_WRITE_TOKEN", "");
  vi.stubEnv("OCR_SERVICE_URL", "");
  resetConfigForTests();
  resetBlobStoreForTests();
  // Opening the embedded database and applying its migrations is the app's start, not the probe's
  // work: on a busy machine it can outlast the probe's 15 s limit, which would report a healthy
  // database as down. The server opens it at start too (instrumentation).
  await getDb();
}, 120_000);

afterAll(async () => {
  await terminateOcrPool();
  await closeDb();
  vi.unstubAllEnvs();
  resetConfigForTests();
  resetBlobStoreForTests();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("checkHealth", () => {
  it("checks the embedded database, local blobs and the local OCR engine for real", async () => {
    const [report, concurrent] = await Promise.all([checkHealth(), checkHealth()]);
    expect(concurrent).toBe(report);
    expect(HealthResponseSchema.parse(report)).toEqual(report);
    expect(report.checks).toMatchObject({
      database: { status: "ok", kind: "pglite" },
      storage: { status: "ok", kind: "local" },
      ocr: { status: "ok", engine: currentOcrEngine() },
      browser: { status: "ok", executable: "/usr/bin/chromium", sessions_open: 0 },
    });
    expect(report.status).toBe("ok");
    expect(report.queue).toEqual({ documents: 0, jobs: 0, depth: 0, oldest_unfinished_age_seconds: null });
  });

  it("answers from the last report while it is fresh, and from it again while newer checks run behind it", async () => {
    const first = await checkHealth();
    expect(await checkHealth()).toBe(first);
    // Stale: answered at once with the last report, while the checks run again.
    expect(await checkHealth({ maxAgeMs: 0 })).toBe(first);
    await expect.poll(async () => (await checkHealth()).checked_at, { timeout: 60_000 }).not.toBe(first.checked_at);
  }, 120_000);
});

import type { z } from "zod";
import { checkDatabase, getDatabaseKind, getDb } from "@/lib/db";
import { checkOcrEngine } from "@/lib/ocr/health";
import { currentOcrEngine } from "@/lib/ocr/recognize-image";
import { API_VERSION } from "@/lib/contracts/api-version";
import { checkStorage, getStorageKind } from "@/lib/storage";
import { checkBrowser } from "@/lib/web/check-browser";
import type { HealthResponseSchema } from "./diagnostics.contract";
import { HEALTH_REPORT_TTL_MS } from "./health-report-ttl";
import { readQueue, type QueueReport } from "./read-queue";

export type HealthReport = z.output<typeof HealthResponseSchema>;

/** A component that has not answered by then counts as down: a hung dependency must not hang the probe. */
const CHECK_TIMEOUT_MS = 15_000;

interface ProbeResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

let inFlight: Promise<HealthReport> | undefined;
let latest: { report: HealthReport; at: number } | undefined;

/**
 * Live checks of the database, the blob store and the OCR engine, run in parallel, at most once per
 * `maxAgeMs` (HEALTH_REPORT_TTL_MS): a newer report is answered as it is; an older one is answered
 * too while the checks run again behind it, so only the first call of the process waits for them.
 * Concurrent callers share one run. `checked_at` says when the answered checks ran.
 */
export function checkHealth(options: { maxAgeMs?: number } = {}): Promise<HealthReport> {
  const maxAgeMs = options.maxAgeMs ?? HEALTH_REPORT_TTL_MS;
  if (latest && Date.now() - latest.at <= maxAgeMs) return Promise.resolve(latest.report);
  inFlight ??= runChecks()
    .then((report) => {
      latest = { report, at: Date.now() };
      return report;
    })
    .finally(() => {
      inFlight = undefined;
    });
  if (!latest) return inFlight;
  // The refresh's outcome reaches the next caller; a failure to run it leaves the last report.
  inFlight.catch(() => undefined);
  return Promise.resolve(latest.report);
}

async function runChecks(): Promise<HealthReport> {
  const [database, storage, ocr, browser] = await Promise.all([
    withTimeout(checkDatabase()),
    withTimeout(checkStorage()),
    withTimeout(checkOcrEngine()),
    checkBrowser(),
  ]);
  const checks = {
    database: { ...toCheck(database), kind: getDatabaseKind() },
    storage: { ...toCheck(storage), kind: getStorageKind() },
    ocr: { ...toCheck(ocr), engine: currentOcrEngine() },
    // Optional component: reported, but a missing browser only disables the web operations.
    browser,
  };
  const allOk = database.ok && storage.ok && ocr.ok;
  const queue = database.ok ? await queueReport() : undefined;
  return {
    status: allOk ? "ok" : "unavailable",
    version: API_VERSION,
    checked_at: new Date().toISOString(),
    checks,
    ...(queue ? { queue } : {}),
  };
}

/** The queue's figures, or undefined when they cannot be read in time (the database checks say why). */
async function queueReport(): Promise<QueueReport | undefined> {
  const read = readQueue({ db: await getDb() }).then((report) => ({ ok: true, latencyMs: 0, report }));
  const result: ProbeResult & { report?: QueueReport } = await withTimeout(read).catch(() => ({
    ok: false,
    latencyMs: 0,
  }));
  return result.report;
}

function toCheck(result: ProbeResult): { status: "ok" | "down"; latency_ms: number; error?: string } {
  return {
    status: result.ok ? "ok" : "down",
    latency_ms: result.latencyMs,
    ...(result.error ? { error: result.error } : {}),
  };
}

async function withTimeout<T extends ProbeResult>(probe: Promise<T>): Promise<T | ProbeResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, latencyMs: CHECK_TIMEOUT_MS, error: `no answer within ${CHECK_TIMEOUT_MS / 1000} s` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

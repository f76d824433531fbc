import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { makeImagePdf } from "../../lib/documents/testing/make-pdfs";
import { proseLines, renderTextImage } from "../../lib/documents/testing/render-text-image";
import { startWebhookReceiver, type WebhookReceiver } from "../../lib/webhooks/testing/start-webhook-receiver";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/accounts";
import { type Instance, migrate, portOf, startInstance, stop } from "../support/instances";

// The built app killed with SIGKILL in the middle of a batch and of an async /v1 job, then started
// again on the same data: both finish, every page exists once, usage is charged once per page, the
// job's webhook goes out once, and nothing is left unfinished. Embedded PGlite by default; the
// PostgreSQL database of TEST_DATABASE_URL in CI's PostgreSQL pass.

const BATCH_PAGES = 10; // Free's most per request
const JOB_FILES = 3;
const PAGES_PER_JOB_FILE = 3;
const TOKENS_PER_PAGE = 1000; // the default model's cost (lib/models)

/** Scanned pages full of prose, so reading them takes long enough to be interrupted. */
async function scannedPdf(label: string, pages: number): Promise<Buffer> {
  const images = [];
  for (let page = 1; page <= pages; page++)
    images.push(await renderTextImage([`${label} page ${page}`, ...proseLines(36, 64, page)], { fontSize: 32 }));
  return makeImagePdf(images);
}

function pdfFile(bytes: Buffer, name: string): File {
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

/** A database for the two lives of the app: a fresh PostgreSQL one (migrated) or none (PGlite in DATA_DIR). */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: {}, drop: async () => {} };
  const name = `docsvc_crash_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.href };
  await migrate(env);
  return {
    env,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

// Answers of many shapes, each read by the expectations that follow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any };

/** JSON over fetch against one life of the app. */
function client(port: number) {
  return async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

test("SIGKILL mid-batch and mid-job: after a restart both finish, each page once, charged once, one webhook", async () => {
  test.setTimeout(600_000);
  const dataDir = mkdtempSync(join(tmpdir(), "docsvc-crash-"));
  const database = await freshDatabase();
  const postgres = "DATABASE_URL" in database.env;
  // The same data, secret and configuration for both lives; PGlite must not inherit a DATABASE_URL.
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(48).toString("base64"),
    ALLOW_PRIVATE_NETWORK: "1",
    ...database.env,
  };
  const removed = postgres ? [] : ["DATABASE_URL"];
  let instance: Instance | undefined;
  const lives: Instance[] = [];
  let receiver: WebhookReceiver | undefined;
  try {
    instance = startInstance(env, removed);
    lives.push(instance);
    let call = client(await portOf(instance));

    const email = uniqueEmail("crash");
    const registered = await call("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const user = bearer(registered.body.access_token);
    const newKey = async () => {
      const created = await call("/api/users/me/api-keys", {
        method: "POST",
        headers: { ...user, "content-type": "application/json" },
        body: JSON.stringify({ name: "crash test" }),
      });
      expect(created.status).toBe(200);
      return bearer(created.body.key);
    };
    // Free allows 10 /v1 requests a minute per key: one key submits, another polls slowly.
    const submitter = await newKey();
    const poller = await newKey();
    const secret = (await call("/api/users/me/webhook-secret", { headers: user })).body.secret;
    receiver = await startWebhookReceiver([{ status: 204 }], { secret });

    const batchForm = new FormData();
    batchForm.append("batch_name", "crash");
    batchForm.append("files", pdfFile(await scannedPdf("Batch", BATCH_PAGES), "batch-scan.pdf"));
    const uploaded = await call("/api/batch/upload", { method: "POST", headers: user, body: batchForm });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const batchId: string = uploaded.body.batch_id;

    const jobForm = new FormData();
    for (let file = 1; file <= JOB_FILES; file++)
      jobForm.append("file", pdfFile(await scannedPdf(`Job file ${file}`, PAGES_PER_JOB_FILE), `job-${file}.pdf`));
    jobForm.append("webhook_url", receiver.url);
    const submitted = await call("/v1/extract", { method: "POST", headers: submitter, body: jobForm });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    const jobId: string = submitted.body.id;

    // Kill once the batch is part-way through, while the job still runs.
    const batchStatus = () => call(`/api/batch/status/${batchId}`, { headers: user });
    const beforeKill = await poll(batchStatus, (status) => status.body.pages_done >= 2, 180_000, 200);
    const jobBeforeKill = await call(`/v1/jobs/${jobId}`, { headers: poller });
    instance.process.kill("SIGKILL");
    await instance.exited;
    expect(beforeKill.body.status, "the batch was still processing when the server died").toBe("processing");
    expect(beforeKill.body.pages_done).toBeLessThan(BATCH_PAGES);
    expect(jobBeforeKill.body.status, "the job was still processing when the server died").toBe("processing");
    const progressBeforeKill: number = jobBeforeKill.body.progress.current;

    instance = startInstance(env, removed);
    lives.push(instance);
    call = client(await portOf(instance));
    const jobProgress: number[] = [];
    const readJob = async () => {
      const job = await call(`/v1/jobs/${jobId}`, { headers: poller });
      if (job.body.progress) jobProgress.push(job.body.progress.current);
      return job;
    };
    // PostgreSQL: the dead process's 60 s leases must lapse before the runs are taken over.
    const finishedBatch = await poll(batchStatus, (status) => status.body.status !== "processing", 300_000, 1000);
    const finishedJob = await poll(readJob, (job) => job.body.status !== "processing", 300_000, 7000);

    // The embedded database's lock of the killed process was found stale and cleared, with a log line.
    if (!postgres) expect(instance.output()).toContain("database_stale_lock_cleared");
    expect(finishedBatch.body).toMatchObject({ status: "completed", pages_done: BATCH_PAGES, pages_failed: 0 });
    const results = await call(`/api/batch/results/${batchId}`, { headers: user });
    expect(results.body.documents).toHaveLength(1);
    const pageNumbers = results.body.documents[0].pages.map((page: { page_number: number }) => page.page_number);
    expect(pageNumbers).toEqual(Array.from({ length: BATCH_PAGES }, (_, index) => index + 1));

    expect(finishedJob.body.status, JSON.stringify(finishedJob.body)).toBe("completed");
    expect(finishedJob.body.result.pages_processed).toBe(JOB_FILES * PAGES_PER_JOB_FILE);
    // The job's progress never went back behind what it had reached before the kill.
    for (const current of jobProgress) expect(current).toBeGreaterThanOrEqual(progressBeforeKill);

    // Usage: once per page, whatever was charged before the kill and repeated after it.
    const jobPages = JOB_FILES * PAGES_PER_JOB_FILE;
    const ocrUsage = await call("/api/ocr/usage", { headers: user });
    expect(ocrUsage.body.ocr).toMatchObject({ pages: BATCH_PAGES, tokens: BATCH_PAGES * TOKENS_PER_PAGE });
    expect(ocrUsage.body.tokens_used).toBe((BATCH_PAGES + jobPages) * TOKENS_PER_PAGE);

    // One webhook event, delivered (a retry would carry the same webhook-id, so receivers deduplicate).
    await expect.poll(() => receiver!.received.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(1);
    const webhookIds = new Set(receiver.received.map((delivery) => delivery.headers["webhook-id"]));
    expect(webhookIds.size).toBe(1);
    for (const delivery of receiver.received) {
      expect(delivery.signatureValid).toBe(true);
      expect(JSON.parse(delivery.body)).toMatchObject({ job_id: jobId, data: { status: "completed" } });
    }
    const deliveries = await call(`/v1/jobs/${jobId}/webhooks`, { headers: poller });
    expect(deliveries.body).toHaveLength(1);
    expect(deliveries.body[0]).toMatchObject({ id: [...webhookIds][0], status: "delivered" });

    // Nothing left queued or processing.
    const health = await call("/v1/health");
    expect(health.body.queue).toMatchObject({ depth: 0, oldest_unfinished_age_seconds: null });
  } catch (error) {
    // What the server said in each life, for whoever reads the failure.
    for (const [index, life] of lives.entries()) console.log(`── server, life ${index + 1} ──\n${life.output()}`);
    throw error;
  } finally {
    await receiver?.close();
    if (instance) await stop(instance);
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

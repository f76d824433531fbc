import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { makeImagePdf } from "../../lib/documents/testing/make-pdfs";
import { proseLines, renderTextImage } from "../../lib/documents/testing/render-text-image";
import { startS3StandIn, type S3StandIn } from "../../lib/storage/testing/s3-stand-in";
import { startFormSite, type FormSite } from "../../lib/web/testing/form-site";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/accounts";
import { type Instance, migrate, portOf, startInstance, stop } from "../support/instances";
import { digitalPdf } from "./batch-support";

// The deployment docs/scaling.md describes, for real: two built instances on two ports, one
// PostgreSQL database, one S3-compatible store (s3rver), each instance with a data folder of its own.

// Answers of many shapes, each read by the expectations that follow.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = { status: number; body: any; headers: Headers; bytes: Buffer };

function client(port: number) {
  return async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, init);
    const bytes = Buffer.from(await response.arrayBuffer());
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    return {
      status: response.status,
      body: isJson ? JSON.parse(bytes.toString("utf8")) : null,
      headers: response.headers,
      bytes,
    };
  };
}

const json = (token: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Scanned pages of prose, so reading them takes long enough for an instance to die in the middle. */
async function scannedPdf(pages: number): Promise<Buffer> {
  const images = [];
  for (let page = 1; page <= pages; page++)
    images.push(await renderTextImage([`Scaling page ${page}`, ...proseLines(36, 64, page)], { fontSize: 32 }));
  return makeImagePdf(images);
}

function uploadForm(name: string, bytes: Buffer, type: string): FormData {
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

test("two instances, one PostgreSQL database, one S3 store: uploads, page images, exports and web sessions work through either, and a killed instance's batch finishes", async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  test.skip(!serverUrl, "needs TEST_DATABASE_URL (CI's PostgreSQL pass): several instances need PostgreSQL");
  test.setTimeout(600_000);
  const name = `docsvc_deploy_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const databaseUrl = new URL(serverUrl as string);
  databaseUrl.pathname = `/${name}`;
  const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "docsvc-deploy-")));
  let store: S3StandIn | undefined;
  let site: FormSite | undefined;
  const instances: Instance[] = [];
  try {
    store = await startS3StandIn();
    site = await startFormSite();
    const shared = {
      DATABASE_URL: databaseUrl.href,
      AUTH_SECRET: randomBytes(48).toString("base64"),
      ALLOW_PRIVATE_NETWORK: "1",
      ...store.env,
    };
    await migrate(shared);
    const ports = [await freePort(), await freePort()];
    for (const [index, port] of ports.entries()) {
      instances.push(
        startInstance(
          { ...shared, DATA_DIR: dataDirs[index], INSTANCE_URL: `http://127.0.0.1:${port}` },
          ["TEST_DATABASE_URL"],
          port,
        ),
      );
    }
    await Promise.all(instances.map(portOf));
    const [first, second] = ports.map(client);

    const health = await second("/v1/health");
    expect(health.status, JSON.stringify(health.body)).toBe(200);
    expect(health.body.checks.storage).toMatchObject({ status: "ok", kind: "s3" });

    const email = uniqueEmail("deploy");
    const registered = await first("/api/auth/register", json("", { email, password: DEFAULT_PASSWORD }));
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = registered.body.access_token as string;
    const auth = { authorization: `Bearer ${token}` };

    // Upload to the first; read status, results, a page image (in parts) and an export through the second.
    const pdf = await digitalPdf();
    const upload = await first("/api/batch/upload", {
      method: "POST",
      headers: auth,
      body: uploadForm(pdf.name, pdf.buffer, pdf.mimeType),
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(200);
    const batchId = upload.body.batch_id as string;
    const done = await poll(
      () => second(`/api/batch/status/${batchId}`, { headers: auth }),
      (a) => !/^(uploaded|queued|processing)$/.test(a.body.status),
      180_000,
    );
    expect(done.body.status).toBe("completed");
    const results = await second(`/api/batch/results/${batchId}`, { headers: auth });
    const page = results.body.documents[0].pages[0];
    expect(page.extracted_text).toContain("INV-2041");
    const image = await second(
      new URL(page.image_url, "http://x").pathname + new URL(page.image_url, "http://x").search,
    );
    expect(image.status).toBe(200);
    expect(image.bytes.subarray(1, 4).toString()).toBe("PNG");
    const part = await second(
      new URL(page.image_url, "http://x").pathname + new URL(page.image_url, "http://x").search,
      {
        headers: { range: "bytes=0-99" },
      },
    );
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-99/${image.bytes.length}`);
    expect(part.bytes.equals(image.bytes.subarray(0, 100))).toBe(true);
    const exported = await second(`/api/batch/${batchId}/export/docx`, { method: "POST", headers: auth });
    expect(exported.status, exported.bytes.toString().slice(0, 300)).toBe(200);
    expect(exported.bytes.subarray(0, 2).toString()).toBe("PK");

    // A web session opened on the first, updated and submitted through the second.
    const opened = await first(
      "/api/batch/web-preview",
      json(token, { url: `${site.origin}/form`, keep_session: true }),
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const sessionId = opened.body.session_id as string;
    const updated = await second(
      "/api/batch/web-update",
      json(token, { session_id: sessionId, fields: [{ field: "Invoice number", value: "DEPLOY-1" }] }),
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.results[0]).toMatchObject({ status: "typed", value: "DEPLOY-1" });
    const submitted = await second("/api/batch/web-submit", json(token, { session_id: sessionId }));
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(site.posts.map((post) => post.fields.invoice_number)).toEqual(["DEPLOY-1"]);
    // Another user cannot reach it through either instance.
    const stranger = await first(
      "/api/auth/register",
      json("", { email: uniqueEmail("stranger"), password: DEFAULT_PASSWORD }),
    );
    const foreign = await second("/api/batch/web-scan", json(stranger.body.access_token, { session_id: sessionId }));
    expect(foreign.status).toBe(404);
    const kept = await first("/api/batch/web-preview", json(token, { url: `${site.origin}/form`, keep_session: true }));
    expect(kept.status).toBe(200);

    // A batch being read on the first when it dies finishes on the second.
    const scanned = await scannedPdf(6);
    const slow = await first("/api/batch/upload", {
      method: "POST",
      headers: auth,
      body: uploadForm("scan.pdf", scanned, "application/pdf"),
    });
    expect(slow.status, JSON.stringify(slow.body)).toBe(200);
    const slowId = slow.body.batch_id as string;
    const started = await poll(
      () => second(`/api/batch/status/${slowId}`, { headers: auth }),
      (a) => a.body.pages_done >= 1,
      180_000,
    );
    instances[0].process.kill("SIGKILL");
    await instances[0].exited;
    expect(started.body.status, "the batch was still processing when the instance died").toBe("processing");
    const finished = await poll(
      () => second(`/api/batch/status/${slowId}`, { headers: auth }),
      (a) => !/^(uploaded|queued|processing)$/.test(a.body.status),
      300_000,
    );
    expect(finished.body).toMatchObject({ status: "completed", pages_done: 6 });

    // The dead instance's web session: a clear 409, not a 404 that blames the caller.
    const lost = await second(
      "/api/batch/web-update",
      json(token, { session_id: kept.body.session_id, fields: [{ field: "Invoice number", value: "X" }] }),
    );
    expect(lost.status).toBe(409);
    expect(lost.body.detail).toContain("does not answer");

    // Nothing of the documents lives on either instance's disk: the store holds it all.
    for (const dir of dataDirs)
      expect(readdirSync(dir).filter((entry) => entry === "blobs" || entry === "pglite")).toEqual([]);
  } finally {
    await Promise.all(instances.map(stop));
    await site?.close();
    await store?.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
});

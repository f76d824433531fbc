// Every outbound call (webhook deliveries, a job's webhook_url, cloud token
// requests, safeFetch itself) refuses every spelling of a loopback or private address, and never
// follows a redirect to one. A receiver listens on loopback and counts what reaches it: nothing may.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { postTokenRequest } from "@/lib/cloud/post-token-request";
import { resetConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createJob } from "@/lib/v1/jobs/create-job";
import { attemptWebhookDelivery } from "@/lib/webhooks/attempt-webhook-delivery";
import { safeFetch } from "./safe-fetch";

let testDb: TestDatabase;
let db: Db;
let receiver: http.Server;
let redirector: http.Server;
let hits = 0;
let port = 0;
let redirectorUrl = "";

function allowPrivateNetwork(allowed: boolean) {
  process.env.ALLOW_PRIVATE_NETWORK = allowed ? "1" : "0";
  resetConfigForTests();
}

async function listen(server: http.Server, host: string): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  testDb = await createTestDatabase({ kind: "pglite" });
  db = testDb.db;
  receiver = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { "content-type": "application/json" }).end('{"access_token":"leaked"}');
  });
  // "::" with dual stack: the receiver answers on 127.0.0.1 and on ::1 alike.
  port = await listen(receiver, "::");
  redirector = http.createServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/` }).end());
  redirectorUrl = `http://127.0.0.1:${await listen(redirector, "127.0.0.1")}/hook`;
});
afterAll(async () => {
  for (const server of [receiver, redirector]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await testDb?.dispose();
  delete process.env.ALLOW_PRIVATE_NETWORK;
  resetConfigForTests();
});
beforeEach(() => allowPrivateNetwork(false));

const spellings = () => [
  `http://127.0.0.1:${port}/`,
  `http://2130706433:${port}/`, // decimal
  `http://0177.0.0.1:${port}/`, // octal
  `http://0x7f000001:${port}/`, // hex
  `http://0x7f.0x0.0x0.0x1:${port}/`,
  `http://127.1:${port}/`,
  `http://127.0.1:${port}/`,
  `http://0.0.0.0:${port}/`,
  `http://0:${port}/`,
  `http://[::1]:${port}/`,
  `http://[0:0:0:0:0:0:0:1]:${port}/`,
  `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped IPv6
  `http://[::ffff:7f00:1]:${port}/`,
  `http://localhost:${port}/`, // a DNS name that resolves to loopback
  `http://LOCALHOST.:${port}/`,
  `http://user:pass@127.0.0.1:${port}/`,
  `https://127.0.0.1:${port}/`,
];

async function newJob() {
  const user = await db.user.create({ data: { email: `guard-${crypto.randomUUID()}@example.com` } });
  return db.job.create({ data: { userId: user.id, type: "extract", status: "completed" } });
}

describe("the outbound guard", () => {
  it("the receiver is reachable when private networks are allowed (so the refusals below mean something)", async () => {
    allowPrivateNetwork(true);
    const before = hits;
    for (const url of [`http://127.0.0.1:${port}/`, `http://[::1]:${port}/`, `http://localhost:${port}/`]) {
      expect((await safeFetch(url, {}, { timeoutMs: 5_000 })).status).toBe(200);
    }
    expect(hits - before).toBe(3);
  });

  it("refuses every loopback spelling, in every outbound call", async () => {
    const before = hits;
    for (const url of spellings()) {
      await expect(safeFetch(url, { method: "POST", body: "{}" }, { timeoutMs: 5_000 }), url).rejects.toMatchObject({
        status: 400,
      });
      await expect(
        createJob({ db, userId: (await newJob()).userId, type: "extract", webhookUrl: url }),
        url,
      ).rejects.toMatchObject({ status: 400 });
      const job = await newJob();
      const delivery = await db.webhookDelivery.create({ data: { jobId: job.id, url, payload: { id: job.id } } });
      const outcome = await attemptWebhookDelivery({ db, deliveryId: delivery.id, attemptNumber: 1, timeoutMs: 5_000 });
      expect(outcome, url).toMatchObject({ delivered: false, statusCode: null });
      await expect(
        postTokenRequest(url, new URLSearchParams({ grant_type: "refresh_token" }), "refresh token"),
        url,
      ).rejects.toMatchObject({
        status: 503,
        message: expect.stringMatching(/token endpoint is refused/),
      });
    }
    expect(hits - before).toBe(0);
  });

  it("refuses private and metadata addresses the same way", async () => {
    for (const url of [
      "http://10.0.0.1/",
      "http://192.168.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://metadata.google.internal/",
    ]) {
      await expect(safeFetch(url, {}, { timeoutMs: 2_000 }), url).rejects.toMatchObject({ status: 400 });
    }
  });

  it("never follows a redirect to loopback: webhooks and token requests stop at the 3xx", async () => {
    // The redirector itself must be reachable for the redirect to happen at all.
    allowPrivateNetwork(true);
    const before = hits;
    const job = await newJob();
    const delivery = await db.webhookDelivery.create({
      data: { jobId: job.id, url: redirectorUrl, payload: { id: job.id } },
    });
    const outcome = await attemptWebhookDelivery({ db, deliveryId: delivery.id, attemptNumber: 1, timeoutMs: 5_000 });
    expect(outcome).toMatchObject({ delivered: false, statusCode: 302, error: expect.stringMatching(/not followed/) });
    await expect(
      postTokenRequest(redirectorUrl, new URLSearchParams({ grant_type: "refresh_token" }), "refresh token"),
    ).rejects.toMatchObject({ status: 503 });
    expect((await safeFetch(redirectorUrl, {}, { timeoutMs: 5_000 })).status).toBe(302);
    expect(hits - before).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { getBlobStore } from "@/lib/storage";
import { createApiKey } from "@/lib/users/create-api-key";
import { deleteExpiredJobOutputs } from "@/lib/v1/jobs/delete-expired-job-outputs";
import * as secretRoute from "@/app/api/users/me/webhook-secret/route";
import * as modelsRoute from "@/app/v1/models/route";
import * as usageRoute from "@/app/v1/usage/route";
import * as cancelRoute from "./[id]/cancel/route";
import * as downloadRoute from "./[id]/download/route";
import * as jobRoute from "./[id]/route";
import * as listRoute from "./route";

// The /v1 job, reference and webhook-secret routes through the real route kit, API-key auth and database.
let temp: TestDatabase;
let db: Db;
let alice: { id: string; key: string };
let bob: { id: string; key: string };

async function userWithKey(email: string) {
  const user = await db.user.create({ data: { email } });
  return { id: user.id, key: (await createApiKey({ db, userId: user.id, name: "test" })).key };
}

function call(
  handler: (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>,
  key: string | undefined,
  path: string,
  options: { method?: string; params?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  return handler(new Request(`http://localhost${path}`, { method: options.method ?? "GET", headers }), {
    params: Promise.resolve(options.params ?? {}),
  });
}

beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
  db = temp.db;
  alice = await userWithKey("alice-routes@example.com");
  bob = await userWithKey("bob-routes@example.com");
});
afterAll(() => temp?.dispose());

describe("/v1/jobs", () => {
  it("shows a job to its owner only, lists and cancels", async () => {
    const job = await db.job.create({
      data: {
        userId: alice.id,
        type: "extract",
        progressTotal: 4,
        progressCurrent: 1,
        progressMessage: "OCR page 2 of 4",
      },
    });

    const own = await call(jobRoute.GET, alice.key, `/v1/jobs/${job.id}`, { params: { id: job.id } });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({
      id: job.id,
      type: "extract",
      status: "processing",
      progress: { current: 1, total: 4, message: "OCR page 2 of 4" },
      completed_at: null,
    });

    const foreign = await call(jobRoute.GET, bob.key, `/v1/jobs/${job.id}`, { params: { id: job.id } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: "not_found", message: `Job ${job.id} not found` } });

    const unauthenticated = await call(jobRoute.GET, undefined, `/v1/jobs/${job.id}`, { params: { id: job.id } });
    expect(unauthenticated.status).toBe(401);

    const list = await call(listRoute.GET, alice.key, "/v1/jobs?status=processing&limit=5");
    expect(await list.json()).toMatchObject({ data: [{ id: job.id }], has_more: false, next_cursor: null });
    expect((await call(listRoute.GET, alice.key, "/v1/jobs?limit=500")).status).toBe(422);

    const cancelled = await call(cancelRoute.POST, alice.key, `/v1/jobs/${job.id}/cancel`, {
      method: "POST",
      params: { id: job.id },
    });
    expect(await cancelled.json()).toMatchObject({ status: "cancelled", error: { code: "cancelled" } });
    expect(
      (await call(cancelRoute.POST, bob.key, `/v1/jobs/${job.id}/cancel`, { method: "POST", params: { id: job.id } }))
        .status,
    ).toBe(404);
  });

  it("serves a produced file until it expires, then answers 410", async () => {
    const key = "jobs/11111111-1111-4111-8111-111111111111/filled.pdf";
    await getBlobStore().put(key, Buffer.from("%PDF-1.7 filled"), "application/pdf");
    const job = await db.job.create({
      data: {
        userId: alice.id,
        type: "fill_pdf",
        status: "completed",
        result: {},
        outputKey: key,
        outputType: "application/pdf",
        outputName: "filled form.pdf",
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const response = await call(downloadRoute.GET, alice.key, `/v1/jobs/${job.id}/download`, {
      params: { id: job.id },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain('filename="filled form.pdf"');
    expect(await response.text()).toBe("%PDF-1.7 filled");

    await db.job.update({ where: { id: job.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(downloadRoute.GET, alice.key, `/v1/jobs/${job.id}/download`, { params: { id: job.id } });
    expect(expired.status).toBe(410);
    expect(expired.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expect(await expired.json()).toEqual({
      error: {
        code: "gone",
        message: expect.stringMatching(new RegExp(`^The file of job ${job.id} expired at \\d{4}-`)),
      },
    });

    // The daily expiry deletes the file; the job stays readable and its download still answers 410.
    expect(await deleteExpiredJobOutputs({ db, store: getBlobStore() })).toBe(1);
    expect(await getBlobStore().exists(key)).toBe(false);
    expect(
      (await call(downloadRoute.GET, alice.key, `/v1/jobs/${job.id}/download`, { params: { id: job.id } })).status,
    ).toBe(410);
    expect((await call(jobRoute.GET, alice.key, `/v1/jobs/${job.id}`, { params: { id: job.id } })).status).toBe(200);
    const extract = await db.job.create({
      data: { userId: alice.id, type: "extract", status: "completed", result: {} },
    });
    expect(
      (await call(downloadRoute.GET, alice.key, `/v1/jobs/${extract.id}/download`, { params: { id: extract.id } }))
        .status,
    ).toBe(404);
  });
});

describe("/v1/jobs/{id}/download", () => {
  // Her own key: the Free tier's 10 requests a minute are spent by alice's tests above.
  let carol: { id: string; key: string };
  beforeAll(async () => {
    carol = await userWithKey("carol-routes@example.com");
  });

  async function fillJob(expiresAt: Date) {
    const key = `jobs/${crypto.randomUUID()}/filled.xlsx`;
    await getBlobStore().put(key, Buffer.from("workbook bytes"), "application/octet-stream");
    const type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    return db.job.create({
      data: {
        userId: carol.id,
        type: "fill_excel",
        status: "completed",
        result: {},
        outputKey: key,
        outputType: type,
        outputName: "budget 2026.xlsx",
        expiresAt,
      },
    });
  }

  it("answers 410 with the /v1 error body for a file whose expires_at has passed", async () => {
    const job = await fillJob(new Date(Date.now() - 60_000));
    const response = await call(downloadRoute.GET, carol.key, `/v1/jobs/${job.id}/download`, {
      params: { id: job.id },
    });
    expect(response.status).toBe(410);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      error: { code: "gone", message: `The file of job ${job.id} expired at ${job.expiresAt!.toISOString()}` },
    });
  });

  it("answers 200 with the file's content type and name before expires_at, to its owner only", async () => {
    const job = await fillJob(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000));
    const response = await call(downloadRoute.GET, carol.key, `/v1/jobs/${job.id}/download`, {
      params: { id: job.id },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="budget 2026.xlsx"; filename*=UTF-8''budget%202026.xlsx`,
    );
    expect(response.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(await response.text()).toBe("workbook bytes");
    const foreign = await call(downloadRoute.GET, bob.key, `/v1/jobs/${job.id}/download`, { params: { id: job.id } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: "not_found", message: `Job ${job.id} not found` } });
  });
});

describe("reference routes", () => {
  it("lists models with versions, costs and pricing", async () => {
    const body = await (await call(modelsRoute.GET, alice.key, "/v1/models")).json();
    const ocr = body.models.find((model: { id: string }) => model.id === "docsvc-OCR-XL-v1");
    expect(ocr).toMatchObject({
      latest_version: "docsvc-OCR-XL-v1-2025-02",
      token_cost_multiplier: 2,
      approximate_tokens: { min: 1000, max: 3000, per: "page" },
    });
    expect(body.models.map((model: { id: string }) => model.id)).toEqual([
      "docsvc-OCR-v1",
      "docsvc-OCR-XL-v1",
      "docsvc-fill-v1",
    ]);
    expect(body.pricing.token_packages).toEqual([
      { tokens: 500_000, price_usd_per_month: 15, price_per_million_usd: 30, tier: "starter" },
      { tokens: 2_500_000, price_usd_per_month: 60, price_per_million_usd: 24, tier: "growth" },
      { tokens: 10_000_000, price_usd_per_month: 200, price_per_million_usd: 20, tier: "scale" },
    ]);
  });

  it("reports usage for the current period", async () => {
    const body = await (await call(usageRoute.GET, bob.key, "/v1/usage")).json();
    expect(body).toMatchObject({
      tier: "free",
      tokens: { allowance: 100_000, used: 0, remaining: 100_000 },
      limits: { requests_per_minute: 10 },
    });
  });
});

describe("/api/users/me/webhook-secret", () => {
  it("reveals the same secret until it is rotated", async () => {
    const first = await (await call(secretRoute.GET, alice.key, "/api/users/me/webhook-secret")).json();
    const again = await (await call(secretRoute.GET, alice.key, "/api/users/me/webhook-secret")).json();
    expect(first.secret).toMatch(/^whsec_/);
    expect(again.secret).toBe(first.secret);
    const rotated = await (
      await call(secretRoute.POST, alice.key, "/api/users/me/webhook-secret", { method: "POST" })
    ).json();
    expect(rotated.secret).not.toBe(first.secret);
    expect((await call(secretRoute.GET, undefined, "/api/users/me/webhook-secret")).status).toBe(401);
  });
});

import { expect, test } from "../support/fixtures";
import { bearer } from "../support/accounts";
import { errorOf } from "../support/v1";

test.describe("/v1 authentication and reference endpoints", () => {
  test("GET /v1/health needs no key and reports its checks", async ({ request }) => {
    const response = await request.get("/v1/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok" });
  });

  test("missing, malformed, unknown and deactivated keys answer 401 with the /v1 error body", async ({
    request,
    account,
  }) => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer not-a-key" },
      { authorization: "Basic c2Q6eA==" },
      bearer(`sd_${"A".repeat(43)}`),
    ];
    for (const headers of cases) {
      const response = await request.get("/v1/models", { headers });
      expect(response.status(), JSON.stringify(headers)).toBe(401);
      expect((await errorOf(response)).code).toBe("unauthorized");
    }
    expect((await request.get("/v1/models", { headers: account.headers })).status()).toBe(200);
    const deactivated = await request.delete(`/api/users/me/api-keys/${account.keyId}`, {
      headers: bearer(account.user.token),
    });
    expect(deactivated.status()).toBe(200);
    const refused = await request.get("/v1/jobs", { headers: account.headers });
    expect(refused.status()).toBe(401);
    expect((await errorOf(refused)).code).toBe("unauthorized");
  });

  test("GET /v1/models lists both OCR models with dated versions, costs and pricing", async ({
    request,
    account: { headers },
  }) => {
    const response = await request.get("/v1/models", { headers });
    expect(response.status()).toBe(200);
    expect(response.headers()["x-ratelimit-limit"]).toBe("10");
    const body = await response.json();
    const byId = Object.fromEntries(body.models.map((model: { id: string }) => [model.id, model]));
    expect(byId["docsvc-OCR-v1"]).toMatchObject({
      latest_version: "docsvc-OCR-v1-2025-02",
      token_cost_multiplier: 1,
      default: true,
    });
    expect(byId["docsvc-OCR-XL-v1"]).toMatchObject({
      latest_version: "docsvc-OCR-XL-v1-2025-02",
      token_cost_multiplier: 2,
    });
    expect(body.pricing.token_packages).toHaveLength(3);
  });

  test("GET /v1/formats comes from the engine's registry and says what needs LibreOffice", async ({
    request,
    account: { headers },
  }) => {
    const response = await request.get("/v1/formats", { headers });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.formats.length).toBeGreaterThan(25);
    expect(body.formats.find((format: { id: string }) => format.id === "pdf")).toMatchObject({
      extensions: ["pdf"],
      mime_type: "application/pdf",
      kind: "document",
      requires_libreoffice: false,
      available: true,
    });
    const doc = body.formats.find((format: { id: string }) => format.id === "doc");
    expect(doc).toMatchObject({ requires_libreoffice: true, available: body.libreoffice_available });
  });

  test("the Free tier allows 10 requests a minute per key, then 429 with Retry-After and X-RateLimit-*", async ({
    request,
    account: { headers },
  }) => {
    const remaining: number[] = [];
    for (let index = 0; index < 10; index++) {
      const response = await request.get("/v1/formats", { headers });
      expect(response.status()).toBe(200);
      remaining.push(Number(response.headers()["x-ratelimit-remaining"]));
    }
    expect(remaining).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const limited = await request.get("/v1/formats", { headers });
    expect(limited.status()).toBe(429);
    expect((await errorOf(limited)).code).toBe("rate_limit_exceeded");
    const limitedHeaders = limited.headers();
    expect(limitedHeaders["x-ratelimit-limit"]).toBe("10");
    expect(limitedHeaders["x-ratelimit-remaining"]).toBe("0");
    const reset = Number(limitedHeaders["x-ratelimit-reset"]);
    expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
    expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    const retryAfter = Number(limitedHeaders["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  test("GET /v1/usage starts empty for a new account", async ({ request, account: { headers } }) => {
    const response = await request.get("/v1/usage", { headers });
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      tier: "free",
      tokens: { allowance: 100_000, used: 0 },
      requests: { total: 0 },
      documents: { processed: 0, pages: 0 },
    });
  });

  test("an unknown /v1 path answers a JSON 404", async ({ request, account: { headers } }) => {
    const response = await request.get("/v1/nothing-here", { headers });
    expect(response.status()).toBe(404);
    expect((await errorOf(response)).code).toBe("not_found");
  });
});

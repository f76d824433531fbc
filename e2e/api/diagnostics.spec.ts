import { expect, test } from "@playwright/test";
import { findNativeTesseract } from "@/lib/ocr/ocr-engine";

test.describe("diagnostics", () => {
  test("GET /debug-version reports the embedded defaults", async ({ request }) => {
    const response = await request.get("/debug-version");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.api_version).toBe("0.1.0");
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? "postgresql" : "pglite");
    expect(body.storage).toBe("local");
    expect(body.jobs).toBe("in-process");
    expect(typeof body.git_commit).toBe("string");
    // Native Tesseract reads when it is installed (the server shares this machine's PATH).
    expect(body.ocr_engine).toBe(findNativeTesseract() ? "tesseract" : "tesseract.js");
  });

  for (const path of ["/api/ocr/health", "/v1/health"]) {
    test(`GET ${path} checks every component for real`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const body = await response.json();
      expect(body.status).toBe("ok");
      for (const component of ["database", "storage", "ocr"]) {
        expect(body.checks[component].status, `${component} check`).toBe("ok");
        expect(typeof body.checks[component].latency_ms).toBe("number");
      }
    });
  }

  test("idle connections are kept longer than a client's usual reuse window", async ({ request }) => {
    // Node's 5 s default closed sockets that clients were about to reuse: their request failed with EPIPE.
    const response = await request.get("/v1/health", { headers: { connection: "keep-alive" } });
    expect(response.headers()["keep-alive"]).toBe("timeout=65");
  });
});

test.describe("unknown routes and methods", () => {
  test("an unknown /api path answers a JSON 404 in the /api shape", async ({ request }) => {
    const response = await request.get("/api/does-not-exist");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
  });

  test("an unknown /v1 path answers a JSON 404 in the /v1 shape", async ({ request }) => {
    const response = await request.post("/v1/nothing/here");
    expect(response.status()).toBe(404);
    const body = await response.json();
    expect(body.error.code).toBe("not_found");
    expect(typeof body.error.message).toBe("string");
  });

  test("a wrong method on an existing route answers a JSON 405", async ({ request }) => {
    const response = await request.delete("/debug-version");
    expect(response.status()).toBe(405);
    expect(response.headers()["content-type"]).toContain("application/json");
  });
});

test.describe("request ids", () => {
  // Each id comes with the request's log line (lib/http/log-request.ts), also on the routes the
  // route kit does not build: next-auth's, Inngest's endpoint and the JSON 404s and 405s.
  for (const [method, path] of [
    ["get", "/api/auth/providers"],
    ["get", "/api/auth/csrf"],
    ["get", "/api/inngest"],
    ["get", "/api/does-not-exist"],
    ["delete", "/debug-version"],
  ] as const) {
    test(`${method.toUpperCase()} ${path} carries an X-Request-Id`, async ({ request }) => {
      const response = await request[method](path);
      expect(response.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    });
  }
});

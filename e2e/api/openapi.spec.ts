import { expect, test } from "@playwright/test";

test("GET /openapi.json is an OpenAPI 3.1 document for version 0.1.0", async ({ request }) => {
  const response = await request.get("/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\.1\./);
  expect(document.info.version).toBe("0.1.0");
  for (const path of ["/debug-version", "/api/ocr/health", "/v1/health"]) {
    expect(document.paths[path]?.get, `${path} documented`).toBeTruthy();
  }
  const references = JSON.stringify(document).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
  for (const reference of references) {
    const name = reference.slice('"#/components/schemas/'.length, -1);
    expect(document.components.schemas[name], `${name} resolves`).toBeTruthy();
  }
});

import { expect, test } from "@playwright/test";
import { bearer, createApiKey, createUser } from "../support/accounts";
import { localTokenEndpoint } from "../support/local-providers";

// The app's CLOUD_TOKEN_URL points at the run's local token endpoint (e2e/support/global-setup.ts).

test("connect exchanges the code and lists the connection without tokens", async ({ request }) => {
  const user = await createUser(request);
  const code = await localTokenEndpoint.issueCode({ sub: "drive-1", email: "drive.owner@example.test" });
  const response = await request.post("/api/cloud/drive/connect", { headers: bearer(user.token), data: { code } });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  expect(body.connection).toMatchObject({
    provider: "google_drive",
    account_email: "drive.owner@example.test",
    status: "active",
    has_refresh_token: true,
  });
  expect(body.connection.scopes).toContain("https://www.googleapis.com/auth/drive.file");
  const exchange = await localTokenEndpoint.tokenRequest(code);
  expect(exchange.get("grant_type")).toBe("authorization_code");
  expect(exchange.get("redirect_uri")).toBe("postmessage");

  const { key } = await createApiKey(request, user.token);
  const list = await request.get("/api/cloud/connections", { headers: { "x-api-key": key } });
  expect(list.status()).toBe(200);
  const connections = await list.json();
  expect(connections).toHaveLength(1);
  expect(connections[0].connection_id).toBe(body.connection.connection_id);
  expect(JSON.stringify(connections)).not.toMatch(/at-|rt-/);
});

test("a refused code answers 400 and stores nothing", async ({ request }) => {
  const user = await createUser(request);
  const response = await request.post("/api/cloud/drive/connect", {
    headers: bearer(user.token),
    data: { code: "never-issued" },
  });
  expect(response.status()).toBe(400);
  expect((await response.json()).detail).toMatch(/invalid_grant/);
  expect(await (await request.get("/api/cloud/connections", { headers: bearer(user.token) })).json()).toEqual([]);
});

test("validation and authentication", async ({ request }) => {
  const user = await createUser(request);
  expect((await request.post("/api/cloud/drive/connect", { data: { code: "x" } })).status()).toBe(401);
  expect((await request.get("/api/cloud/connections")).status()).toBe(401);
  expect((await request.post("/api/cloud/drive/connect", { headers: bearer(user.token), data: {} })).status()).toBe(
    422,
  );
});

test("isolation: a user sees only their own connections", async ({ request }) => {
  const alice = await createUser(request);
  const bob = await createUser(request);
  const code = await localTokenEndpoint.issueCode({ sub: "drive-alice", email: "alice.drive@example.test" });
  expect(
    (await request.post("/api/cloud/drive/connect", { headers: bearer(alice.token), data: { code } })).status(),
  ).toBe(200);
  expect(await (await request.get("/api/cloud/connections", { headers: bearer(bob.token) })).json()).toEqual([]);
  expect(await (await request.get("/api/cloud/connections", { headers: bearer(alice.token) })).json()).toHaveLength(1);
});

import { expect, test } from "@playwright/test";
import { bearer, createApiKey, createUser } from "../support/accounts";

test.describe("API keys", () => {
  test("create shows the key once; list shows prefix and last four only", async ({ request }) => {
    const user = await createUser(request);
    const created = await request.post("/api/users/me/api-keys", { headers: bearer(user.token), data: { name: "ci" } });
    expect(created.status()).toBe(200);
    const key = await created.json();
    expect(key.key).toMatch(/^sd_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ name: "ci", is_active: true, last_four: key.key.slice(-4) });
    expect(key.key.startsWith(key.prefix)).toBe(true);

    const list = await request.get("/api/users/me/api-keys", { headers: bearer(user.token) });
    expect(list.status()).toBe(200);
    const keys = await list.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      key_id: key.key_id,
      name: "ci",
      prefix: key.prefix,
      last_four: key.last_four,
      is_active: true,
    });
    expect(JSON.stringify(keys)).not.toContain(key.key);
  });

  test("a key authenticates in x-api-key and as a Bearer token, and stops at once when deactivated", async ({
    request,
  }) => {
    const user = await createUser(request);
    const { key, keyId } = await createApiKey(request, user.token);
    expect((await request.get("/api/users/me", { headers: { "x-api-key": key } })).status()).toBe(200);
    expect((await request.get("/api/users/me/usage", { headers: bearer(key) })).status()).toBe(200);

    const deactivated = await request.delete(`/api/users/me/api-keys/${keyId}`, { headers: { "x-api-key": key } });
    expect(deactivated.status()).toBe(200);
    expect(await deactivated.json()).toMatchObject({ key_id: keyId, is_active: false });
    expect((await request.get("/api/users/me", { headers: { "x-api-key": key } })).status()).toBe(401);
    expect((await request.get("/api/users/me", { headers: bearer(key) })).status()).toBe(401);
    const listed = await (await request.get("/api/users/me/api-keys", { headers: bearer(user.token) })).json();
    expect(listed[0]).toMatchObject({ key_id: keyId, is_active: false });
    expect(listed[0].deactivated_at).not.toBeNull();
  });

  test("unknown and malformed keys answer 401; unknown key ids 404", async ({ request }) => {
    const user = await createUser(request);
    expect((await request.get("/api/users/me", { headers: { "x-api-key": `sd_${"A".repeat(43)}` } })).status()).toBe(
      401,
    );
    expect((await request.get("/api/users/me", { headers: { "x-api-key": "nonsense" } })).status()).toBe(401);
    expect((await request.get("/api/users/me/api-keys")).status()).toBe(401);
    expect(
      (
        await request.delete("/api/users/me/api-keys/00000000-0000-0000-0000-000000000000", {
          headers: bearer(user.token),
        })
      ).status(),
    ).toBe(404);
    expect((await request.delete("/api/users/me/api-keys/not-a-uuid", { headers: bearer(user.token) })).status()).toBe(
      404,
    );
  });

  test("isolation: users neither see nor deactivate each other's keys", async ({ request }) => {
    const alice = await createUser(request);
    const bob = await createUser(request);
    const aliceKey = await createApiKey(request, alice.token, "alice");
    await createApiKey(request, bob.token, "bob");

    const bobList = await (await request.get("/api/users/me/api-keys", { headers: bearer(bob.token) })).json();
    expect(bobList.map((key: { name: string }) => key.name)).toEqual(["bob"]);
    const stolen = await request.delete(`/api/users/me/api-keys/${aliceKey.keyId}`, { headers: bearer(bob.token) });
    expect(stolen.status()).toBe(404);
    expect((await request.get("/api/users/me", { headers: { "x-api-key": aliceKey.key } })).status()).toBe(200);
    // A key identifies its owner only.
    expect((await (await request.get("/api/users/me", { headers: { "x-api-key": aliceKey.key } })).json()).email).toBe(
      alice.email,
    );
  });

  test("create validates its body", async ({ request }) => {
    const user = await createUser(request);
    const response = await request.post("/api/users/me/api-keys", {
      headers: bearer(user.token),
      data: { name: "x".repeat(101) },
    });
    expect(response.status()).toBe(422);
    expect((await response.json()).detail[0].loc).toEqual(["body", "name"]);
  });
});

test.describe("usage", () => {
  test("a new user has the free allowance, nothing used, and a day-by-day series for the period", async ({
    request,
  }) => {
    const user = await createUser(request);
    const response = await request.get("/api/users/me/usage", { headers: bearer(user.token) });
    expect(response.status()).toBe(200);
    const usage = await response.json();
    expect(usage).toMatchObject({
      tier: "free",
      tokens_used: 0,
      tokens_limit: 100_000,
      tokens_remaining: 100_000,
      requests: 0,
      pages: 0,
      by_model: [],
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(usage.by_day.at(-1)).toEqual({ date: today, tokens: 0, requests: 0, pages: 0 });
    expect(usage.by_day[0].date).toBe(`${today.slice(0, 8)}01`);
    expect(new Date(usage.period_start).getUTCDate()).toBe(1);
  });

  test("requires a caller", async ({ request }) => {
    expect((await request.get("/api/users/me/usage")).status()).toBe(401);
  });
});

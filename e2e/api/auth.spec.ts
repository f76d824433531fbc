import { createHmac } from "node:crypto";
import { expect, test } from "@playwright/test";
import {
  bearer,
  createApiKey,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
  uniqueClientAddress,
  uniqueEmail,
} from "../support/accounts";

test.describe("email and password", () => {
  test("register answers a TokenResponse whose token works on /api/auth/me and /api/users/me", async ({ request }) => {
    const email = uniqueEmail("reg");
    const response = await request.post("/api/auth/register", {
      data: { email: `  ${email.toUpperCase()} `, password: DEFAULT_PASSWORD, name: "Reg" },
    });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      token_type: "bearer",
      expires_in: 86_400,
      user: { email, name: "Reg", tier: "free", email_verified: false },
    });
    expect(body.access_token.split(".")).toHaveLength(3);

    const me = await request.get("/api/auth/me", { headers: bearer(body.access_token) });
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ id: body.user.id, email });
    const usersMe = await request.get("/api/users/me", { headers: bearer(body.access_token) });
    expect(await usersMe.json()).toMatchObject({ user_id: body.user.id, email, is_active: true });
  });

  test("duplicate registration answers 409, in any casing", async ({ request }) => {
    const user = await createUser(request);
    const again = await request.post("/api/auth/register", {
      data: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).detail).toMatch(/already exists/);
  });

  test("invalid input answers 422 in FastAPI's shape", async ({ request }) => {
    const weak = await request.post("/api/auth/register", { data: { email: uniqueEmail(), password: "short" } });
    expect(weak.status()).toBe(422);
    expect((await weak.json()).detail[0].loc).toEqual(["body", "password"]);
    const badEmail = await request.post("/api/auth/register", { data: { email: "nope", password: DEFAULT_PASSWORD } });
    expect(badEmail.status()).toBe(422);
    const common = await request.post("/api/auth/register", {
      data: { email: uniqueEmail(), password: "password123" },
    });
    expect(common.status()).toBe(422);
    const missing = await request.post("/api/auth/login", { data: { email: uniqueEmail() } });
    expect(missing.status()).toBe(422);
  });

  test("login works with any casing; wrong credentials answer 401 with one message", async ({ request }) => {
    const user = await createUser(request);
    const headers = { "x-forwarded-for": uniqueClientAddress() };
    const ok = await request.post("/api/auth/login", {
      data: { email: ` ${user.email.toUpperCase()}`, password: user.password },
      headers,
    });
    expect(ok.status()).toBe(200);
    expect((await ok.json()).user.id).toBe(user.id);

    const wrongPassword = await request.post("/api/auth/login", {
      data: { email: user.email, password: "not the password" },
      headers,
    });
    const unknownEmail = await request.post("/api/auth/login", {
      data: { email: uniqueEmail(), password: user.password },
      headers,
    });
    expect(wrongPassword.status()).toBe(401);
    expect(unknownEmail.status()).toBe(401);
    expect(await wrongPassword.json()).toEqual(await unknownEmail.json());
  });

  test("repeated failures lock that address out of the account with 429 and Retry-After, never the owner elsewhere", async ({
    request,
  }) => {
    const user = await createUser(request);
    const guesser = { "x-forwarded-for": uniqueClientAddress() };
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await request.post("/api/auth/login", {
        data: { email: user.email, password: `wrong ${attempt}` },
        headers: guesser,
      });
      expect(failed.status()).toBe(401);
    }
    const locked = await request.post("/api/auth/login", {
      data: { email: user.email, password: user.password },
      headers: guesser,
    });
    expect(locked.status()).toBe(429);
    expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
    // Many addresses guessing put the account under attack; the owner from a clean address still signs in.
    for (let attempt = 0; attempt < 6; attempt++) {
      await request.post("/api/auth/login", {
        data: { email: user.email, password: `wrong ${attempt}` },
        headers: { "x-forwarded-for": uniqueClientAddress() },
      });
    }
    await signIn(request, user);
  });

  test("repeated failures from one address lock that address", async ({ request }) => {
    const headers = { "x-forwarded-for": uniqueClientAddress() };
    for (let attempt = 0; attempt < 25; attempt++) {
      expect(
        (
          await request.post("/api/auth/login", { data: { email: uniqueEmail("guess"), password: "wrong" }, headers })
        ).status(),
      ).toBe(401);
    }
    const user = await createUser(request);
    const locked = await request.post("/api/auth/login", {
      data: { email: user.email, password: user.password },
      headers,
    });
    expect(locked.status()).toBe(429);
    await signIn(request, user);
  });

  test("users/register answers the account, not a token", async ({ request }) => {
    const email = uniqueEmail("users");
    const response = await request.post("/api/users/register", { data: { email, password: DEFAULT_PASSWORD } });
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ email, tier: "free", is_active: true });
    expect(body).not.toHaveProperty("access_token");
    expect((await request.post("/api/users/register", { data: { email, password: DEFAULT_PASSWORD } })).status()).toBe(
      409,
    );
    await signIn(request, { email, password: DEFAULT_PASSWORD });
  });
});

test.describe("tokens", () => {
  test("missing, tampered, foreign and garbage tokens answer 401", async ({ request }) => {
    const user = await createUser(request);
    expect((await request.get("/api/auth/me")).status()).toBe(401);
    const [header, payload, signature] = user.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: "00000000-0000-0000-0000-000000000000" }),
    ).toString("base64url");
    for (const token of [
      `${header}.${forgedPayload}.${signature}`,
      `${header}.${payload}.${signature.slice(0, -4)}AAAA`,
      "garbage",
      foreignToken(),
    ]) {
      const response = await request.get("/api/auth/me", { headers: bearer(token) });
      expect(response.status(), token).toBe(401);
    }
  });

  test("changing the password revokes earlier tokens and answers a new one", async ({ request }) => {
    const user = await createUser(request);
    const other = await signIn(request, user);
    const wrong = await request.post("/api/auth/change-password", {
      headers: bearer(user.token),
      data: { current_password: "nope nope nope", new_password: "a new passphrase here" },
    });
    expect(wrong.status()).toBe(401);
    const changed = await request.post("/api/auth/change-password", {
      headers: bearer(user.token),
      data: { current_password: user.password, new_password: "a new passphrase here" },
    });
    expect(changed.status()).toBe(200);
    const fresh = (await changed.json()).access_token;
    expect((await request.get("/api/auth/me", { headers: bearer(user.token) })).status()).toBe(401);
    expect((await request.get("/api/auth/me", { headers: bearer(other) })).status()).toBe(401);
    expect((await request.get("/api/auth/me", { headers: bearer(fresh) })).status()).toBe(200);
    await signIn(request, { email: user.email, password: "a new passphrase here" });
  });

  test("sign out everywhere revokes every token but not API keys", async ({ request }) => {
    const user = await createUser(request);
    const { key } = await createApiKey(request, user.token);
    const response = await request.post("/api/auth/sign-out-everywhere", { headers: bearer(user.token) });
    expect(response.status()).toBe(200);
    expect((await request.get("/api/auth/me", { headers: bearer(user.token) })).status()).toBe(401);
    expect((await request.get("/api/users/me", { headers: { "x-api-key": key } })).status()).toBe(200);
    expect((await request.get("/api/auth/me", { headers: bearer(await signIn(request, user)) })).status()).toBe(200);
  });
});

test.describe("delete my account", () => {
  test("needs the password, then removes the account, its keys and its tokens", async ({ request }) => {
    const user = await createUser(request);
    const { key } = await createApiKey(request, user.token);
    const wrong = await request.delete("/api/users/me", {
      headers: bearer(user.token),
      data: { password: "not my password" },
    });
    expect(wrong.status()).toBe(401);
    expect((await request.get("/api/users/me", { headers: bearer(user.token) })).status()).toBe(200);

    const deleted = await request.delete("/api/users/me", {
      headers: bearer(user.token),
      data: { password: user.password },
    });
    expect(deleted.status()).toBe(200);
    expect((await request.get("/api/users/me", { headers: bearer(user.token) })).status()).toBe(401);
    expect((await request.get("/api/users/me", { headers: { "x-api-key": key } })).status()).toBe(401);
    const login = await request.post("/api/auth/login", {
      data: { email: user.email, password: user.password },
      headers: { "x-forwarded-for": uniqueClientAddress() },
    });
    expect(login.status()).toBe(401);
    // The address is free again.
    await createUser(request, { email: user.email });
  });

  test("the password checked is the caller's own: another user's password deletes nothing", async ({ request }) => {
    const alice = await createUser(request);
    const bob = await createUser(request, { password: "bob's very own passphrase" });
    const attempt = await request.delete("/api/users/me", {
      headers: bearer(alice.token),
      data: { password: bob.password },
    });
    expect(attempt.status()).toBe(401);
    expect((await request.get("/api/users/me", { headers: bearer(alice.token) })).status()).toBe(200);
    expect((await request.get("/api/users/me", { headers: bearer(bob.token) })).status()).toBe(200);
  });
});

/** A well-formed HS256 token signed with another secret. */
function foreignToken(): string {
  const header = Buffer.from(JSON.stringify({ alg: "HS256", typ: "JWT" })).toString("base64url");
  const payload = Buffer.from(
    JSON.stringify({
      sub: "00000000-0000-0000-0000-000000000000",
      ver: 0,
      iss: "docsvc",
      aud: "docsvc-api",
      exp: Math.floor(Date.now() / 1000) + 600,
    }),
  ).toString("base64url");
  const signature = createHmac("sha256", "another secret entirely, long enough to be real")
    .update(`${header}.${payload}`)
    .digest("base64url");
  return `${header}.${payload}.${signature}`;
}

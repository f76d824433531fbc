import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { bearer, createUser, latestEmail, linkToken, uniqueEmail } from "../support/accounts";
import { localIssuer, OIDC_CLIENT_ID } from "../support/local-providers";
import type { Identity } from "../support/oidc-issuer";

// The app's OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET point at the run's local issuer
// (e2e/support/global-setup.ts); each flow names its own identity, so the tests run in parallel.

function identity(email = uniqueEmail("idp")): Identity {
  return { sub: randomUUID(), email, email_verified: true, name: "Ida P" };
}

/** connect → the issuer's authorize (auto-approved as `who`) → the app's callback, in one cookie jar. */
async function runFlow(request: APIRequestContext, query: string, who: Identity) {
  const start = await request.get(`/api/auth/idp/connect${query}`, { headers: { accept: "application/json" } });
  expect(start.status(), await start.text()).toBe(200);
  const { authorization_url } = await start.json();
  const approved = await request.get(await localIssuer.authorizeAs(authorization_url, who), { maxRedirects: 0 });
  expect(approved.status()).toBe(302);
  const back = approved.headers()["location"];
  return { callback: await request.get(back, { maxRedirects: 0 }), code: new URL(back).searchParams.get("code")! };
}

test("combined mode signs up with the provider and stores the calendar grant", async ({ request }) => {
  const who = identity();
  const { callback, code } = await runFlow(request, "", who);
  expect(callback.status(), await callback.text()).toBe(200);
  const body = await callback.json();
  expect(body).toMatchObject({
    mode: "combined",
    token_type: "bearer",
    is_new_user: true,
    user: { email: who.email, email_verified: true },
  });
  expect(body.calendar_connection).toMatchObject({
    provider: "google_calendar",
    status: "active",
    has_refresh_token: true,
  });
  expect(JSON.stringify(body)).not.toMatch(/"at-|"rt-/);

  const me = await request.get("/api/auth/me", { headers: bearer(body.access_token) });
  expect((await me.json()).email).toBe(who.email);
  const status = await request.get(`/api/auth/idp/connection-status?auth_token=${body.access_token}`);
  expect(await status.json()).toMatchObject({ connected: true, provider: "google_calendar" });

  // The token exchange used PKCE and our redirect URI.
  const exchange = await localIssuer.tokenRequest(code);
  expect(exchange.get("code_verifier")).toBeTruthy();
  expect(exchange.get("redirect_uri")).toMatch(/\/api\/auth\/idp\/callback$/);

  // Signing in again finds the same account.
  const again = await (await runFlow(request, "", who)).callback.json();
  expect(again).toMatchObject({ is_new_user: false, user: { id: body.user.id } });
});

test("a plain link is redirected to the provider", async ({ request }) => {
  const response = await request.get("/api/auth/idp/connect?mode=combined", {
    headers: { accept: "text/html" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers()["location"]);
  expect(`${location.origin}${location.pathname}`).toBe(`${localIssuer.url}/authorize`);
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(location.searchParams.get("client_id")).toBe(OIDC_CLIENT_ID);
  expect(response.headers()["set-cookie"]).toMatch(/HttpOnly/);
});

test("an existing password account is linked by its verified email", async ({ request }) => {
  const user = await createUser(request);
  const body = await (await runFlow(request, "", identity(user.email))).callback.json();
  expect(body).toMatchObject({ is_new_user: false, user: { id: user.id } });
});

test("connect mode adds the grant to the signed-in user only", async ({ request }) => {
  const user = await createUser(request);
  const before = await request.get(`/api/auth/idp/connection-status?auth_token=${user.token}`);
  expect(await before.json()).toMatchObject({ connected: false, connection: null });

  const calendar = identity(uniqueEmail("calendar"));
  const { callback } = await runFlow(request, `?mode=connect&auth_token=${user.token}`, calendar);
  expect(callback.status(), await callback.text()).toBe(200);
  const body = await callback.json();
  expect(body).toMatchObject({
    mode: "connect",
    user: { id: user.id },
    calendar_connection: { account_email: calendar.email },
  });
  expect(body).not.toHaveProperty("access_token");
  expect(await (await request.get(`/api/auth/idp/connection-status?auth_token=${user.token}`)).json()).toMatchObject({
    connected: true,
  });

  // Another user is unaffected.
  const other = await createUser(request);
  expect(await (await request.get(`/api/auth/idp/connection-status?auth_token=${other.token}`)).json()).toMatchObject({
    connected: false,
  });
});

test("connect mode needs a valid auth_token; bad parameters answer 422", async ({ request }) => {
  expect((await request.get("/api/auth/idp/connect?mode=connect")).status()).toBe(401);
  expect((await request.get("/api/auth/idp/connect?mode=connect&auth_token=garbage")).status()).toBe(401);
  expect((await request.get("/api/auth/idp/connect?mode=sideways")).status()).toBe(422);
  expect((await request.get("/api/auth/idp/connection-status")).status()).toBe(422);
  expect((await request.get("/api/auth/idp/connection-status?auth_token=garbage")).status()).toBe(401);
});

test("a callback from another browser (no flow cookie) or with a wrong state is refused", async ({
  request,
  playwright,
  baseURL,
}) => {
  const start = await request.get("/api/auth/idp/connect");
  const { authorization_url } = await start.json();
  const approved = await request.get(await localIssuer.authorizeAs(authorization_url, identity()), { maxRedirects: 0 });
  const callbackUrl = new URL(approved.headers()["location"]);

  const stranger = await playwright.request.newContext({ baseURL });
  try {
    expect((await stranger.get(callbackUrl.toString(), { maxRedirects: 0 })).status()).toBe(400);
  } finally {
    await stranger.dispose();
  }
  const tampered = new URL(callbackUrl);
  tampered.searchParams.set("state", "not-the-state");
  expect((await request.get(tampered.toString(), { maxRedirects: 0 })).status()).toBe(400);
  expect((await request.get("/api/auth/idp/callback?error=access_denied")).status()).toBe(400);
});

test("an invitation is onboarded through the provider when the emails match", async ({ request }) => {
  const inviter = await createUser(request);
  const email = uniqueEmail("invited-idp");
  await request.post("/api/users/invitations", { headers: bearer(inviter.token), data: { email } });
  const token = linkToken((await latestEmail(request, email)).text);

  const { callback: mismatch } = await runFlow(
    request,
    `?invitation_token=${token}`,
    identity(uniqueEmail("someone-else")),
  );
  expect(mismatch.status()).toBe(403);

  const { callback } = await runFlow(request, `?invitation_token=${token}`, identity(email));
  expect(callback.status(), await callback.text()).toBe(200);
  expect(await callback.json()).toMatchObject({ is_new_user: true, user: { email } });
  expect(await (await request.get(`/api/auth/invitation/${token}`)).json()).toMatchObject({ status: "accepted" });
});

test.describe("POST /api/auth/idp/verify", () => {
  test("signs in with a valid ID token, creating the user once", async ({ request }) => {
    const who = identity();
    const idToken = await localIssuer.signIdToken(who);
    const first = await request.post("/api/auth/idp/verify", { data: { id_token: idToken } });
    expect(first.status(), await first.text()).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ token_type: "bearer", is_new_user: true, user: { email: who.email } });
    expect((await request.get("/api/auth/me", { headers: bearer(body.access_token) })).status()).toBe(200);
    const second = await request.post("/api/auth/idp/verify", {
      data: { credential: await localIssuer.signIdToken(who) },
    });
    expect(await second.json()).toMatchObject({ is_new_user: false, user: { id: body.user.id } });
  });

  test("forged, expired, wrong-audience, wrong-issuer and wrong-nonce tokens answer 401", async ({ request }) => {
    const who = identity();
    const tokens = [
      await localIssuer.signIdToken(who, { foreignKey: true }),
      await localIssuer.signIdToken(who, { expiresIn: Math.floor(Date.now() / 1000) - 600 }),
      await localIssuer.signIdToken(who, { audience: "another-client" }),
      await localIssuer.signIdToken(who, { issuer: "https://accounts.example.invalid" }),
    ];
    for (const idToken of tokens) {
      expect((await request.post("/api/auth/idp/verify", { data: { id_token: idToken } })).status()).toBe(401);
    }
    const withNonce = await localIssuer.signIdToken({ ...who, nonce: "expected" });
    expect(
      (await request.post("/api/auth/idp/verify", { data: { id_token: withNonce, nonce: "other" } })).status(),
    ).toBe(401);
    expect((await request.post("/api/auth/idp/verify", { data: {} })).status()).toBe(422);
  });

  test("an identity without a verified email is refused", async ({ request }) => {
    const idToken = await localIssuer.signIdToken({ sub: randomUUID(), email: uniqueEmail(), email_verified: false });
    expect((await request.post("/api/auth/idp/verify", { data: { id_token: idToken } })).status()).toBe(403);
  });
});

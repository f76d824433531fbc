import { expect, test, type APIRequestContext } from "@playwright/test";
import { bearer, createUser, uniqueClientAddress } from "../support/accounts";

// A probe's reproductions against the built app: a signed-in browser session
// (next-auth's cookie, obtained as the sign-in page obtains it) used from another site, redirects
// through `next`, and the security headers on pages, API answers and files.

const FOREIGN = "http://evil.example";

/** Signs in through next-auth's credentials callback; the request context then holds the session cookie. */
async function signInWithCookie(request: APIRequestContext, user: { email: string; password: string }): Promise<void> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: user.email, password: user.password, json: "true" },
    headers: { "x-forwarded-for": uniqueClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  const cookies = await request.storageState();
  expect(cookies.cookies.map((cookie) => cookie.name)).toContain("next-auth.session-token");
}

test("the session cookie cannot change data from another site; the app's own pages and API clients can", async ({
  playwright,
  baseURL,
}) => {
  const browser = await playwright.request.newContext({ baseURL });
  try {
    const user = await createUser(browser);
    await signInWithCookie(browser, user);
    const createKey = (headers: Record<string, string>, body = JSON.stringify({ name: "x" })) =>
      browser.post("/api/users/me/api-keys", { headers, data: body });

    // The probe's curl: a foreign Origin and a text/plain body.
    const forged = await createKey({ origin: FOREIGN, "content-type": "text/plain" });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).detail).toMatch(/Origin http:\/\/evil\.example may not change data/);
    expect((await browser.post("/api/users/me/webhook-secret", { headers: { origin: FOREIGN } })).status()).toBe(403);
    expect((await createKey({ "sec-fetch-site": "cross-site", "content-type": "application/json" })).status()).toBe(
      403,
    );
    // A text/plain body is what a cross-site form sends; even from our own page it is not JSON.
    expect((await createKey({ origin: baseURL!, "content-type": "text/plain" })).status()).toBe(415);

    const ownPage = await createKey({
      origin: baseURL!,
      "sec-fetch-site": "same-origin",
      "content-type": "application/json",
    });
    expect(ownPage.status(), await ownPage.text()).toBe(200);
    // No Origin, Sec-Fetch-Site or Referer: not a browser page (curl with a cookie jar).
    expect((await createKey({ "content-type": "application/json" })).status()).toBe(200);

    // A key or token from a foreign origin is not a cross-site forgery: it was sent on purpose.
    const viaToken = await browser.post("/api/users/me/api-keys", {
      headers: { ...bearer(user.token), origin: FOREIGN },
      data: { name: "script" },
    });
    expect(viaToken.status()).toBe(200);
    const keys = await (await browser.get("/api/users/me/api-keys", { headers: bearer(user.token) })).json();
    expect(keys.map((key: { name: string }) => key.name).sort()).toEqual(["script", "x", "x"]);
  } finally {
    await browser.dispose();
  }
});

test("next cannot lead a signed-in person off the site, and no spelling of it answers 500", async ({
  playwright,
  baseURL,
}) => {
  const browser = await playwright.request.newContext({ baseURL });
  try {
    await signInWithCookie(browser, await createUser(browser));
    const spellings = [
      "/%09/evil.example/",
      "//evil.example",
      "/%5Cevil.example",
      "/%0a/evil.example",
      "%2f%2fevil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/.//evil.example",
    ];
    for (const page of ["/sign-in", "/sign-up"]) {
      for (const next of spellings) {
        const response = await browser.get(`${page}?next=${next}`, { maxRedirects: 0 });
        expect(response.status(), `${page}?next=${next}`).toBe(307);
        expect(new URL(response.headers().location, baseURL).href, `${page}?next=${next}`).toBe(
          new URL("/batches", baseURL).href,
        );
      }
    }
    const kept = await browser.get("/sign-in?next=/settings%3Ftab%3Dkeys", { maxRedirects: 0 });
    expect(kept.headers().location).toBe("/settings?tab=keys");
    // Control characters are dropped by the URL parser instead of reaching the Location header.
    const injected = await browser.get("/sign-in?next=/%0d%0aSet-Cookie:%20x=1", { maxRedirects: 0 });
    expect(injected.status()).toBe(307);
    expect(injected.headers().location).toBe("/Set-Cookie:%20x=1");
    expect(injected.headers()["set-cookie"] ?? "").not.toContain("x=1");
  } finally {
    await browser.dispose();
  }
});

test("security headers on pages, API answers and files; HSTS only over https", async ({ request }) => {
  const page = await request.get("/sign-in");
  const api = await request.get("/api/auth/me");
  for (const response of [page, api, await request.get("/openapi.json"), await request.get("/favicon.svg")]) {
    expect(response.headers()).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": expect.stringContaining("camera=(), microphone=(), geolocation=()"),
    });
    expect(response.headers()["strict-transport-security"]).toBeUndefined();
  }
  expect(page.headers()["content-security-policy"]).toMatch(
    /^default-src 'self'; script-src 'self' 'nonce-[^']+' 'strict-dynamic';/,
  );
  expect(page.headers()["content-security-policy"]).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
  expect(api.headers()["content-security-policy"]).toContain("default-src 'none'");

  const overHttps = await request.get("/api/auth/me", { headers: { "x-forwarded-proto": "https" } });
  expect(overHttps.headers()["strict-transport-security"]).toBe("max-age=31536000");
});

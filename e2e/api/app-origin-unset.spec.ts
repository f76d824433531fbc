import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { createUser, latestEmail, uniqueEmail } from "../support/accounts";
import { type Instance, portOf, startInstance, stop } from "../support/instances";
import { localIssuer, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from "../support/local-providers";

// The test server sets APP_URL; this starts the built app without it, as `npm start` runs by
// default, and opens it at 127.0.0.1 rather than localhost. Sign-in must send the provider, and
// bring the person back to, the address the app was opened at; a client's own forwarding headers
// are not believed (no TRUSTED_PROXIES); e-mail links still never come from the request.

const forgedForwarding = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

test("with APP_URL unset, OIDC sign-in and the developer pages use the address the app was opened at, and e-mail links do not", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), "docsvc-origin-"));
  const peerPreload = pathToFileURL(join(process.cwd(), "scripts/stamp-peer-address.mjs")).href;
  let instance: Instance | undefined;
  try {
    instance = startInstance(
      {
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(48).toString("base64"),
        ALLOW_PRIVATE_NETWORK: "1",
        DEV_OUTBOX: "1",
        OIDC_ISSUER: localIssuer.url,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        NODE_OPTIONS: `--import ${peerPreload}`,
      },
      ["APP_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST", "TRUSTED_PROXIES", "DATABASE_URL"],
    );
    const port = await portOf(instance);
    const origin = `http://127.0.0.1:${port}`;
    const app = await playwrightRequest.newContext({ baseURL: origin });
    try {
      // next-auth's "Sign in with Google", as the sign-in page's button posts it.
      const { csrfToken } = await (await app.get("/api/auth/csrf")).json();
      const start = await app.post("/api/auth/signin/oidc", {
        form: { csrfToken, callbackUrl: `${origin}/settings`, json: "true" },
        headers: forgedForwarding,
      });
      expect(start.status(), await start.text()).toBe(200);
      const authorizationUrl: string = (await start.json()).url;
      expect(new URL(authorizationUrl).searchParams.get("redirect_uri")).toBe(`${origin}/api/auth/callback/oidc`);

      // The provider approves and sends the browser back: the session is made, and the person lands here.
      const who = { sub: randomUUID(), email: uniqueEmail("origin"), email_verified: true, name: "Otto Rigin" };
      const approved = await app.get(await localIssuer.authorizeAs(authorizationUrl, who), { maxRedirects: 0 });
      expect(approved.status()).toBe(302);
      const back = approved.headers()["location"];
      expect(back.startsWith(`${origin}/api/auth/callback/oidc?`), back).toBe(true);
      const landed = await app.get(back, { maxRedirects: 0 });
      expect(landed.status(), await landed.text()).toBe(302);
      expect(landed.headers()["location"]).toBe(`${origin}/settings`);
      expect(await (await app.get("/api/auth/me")).json()).toMatchObject({ email: who.email });
      // The code was redeemed with the same redirect_uri (the issuer refuses another).
      const code = new URL(back).searchParams.get("code")!;
      expect((await localIssuer.tokenRequest(code)).get("redirect_uri")).toBe(`${origin}/api/auth/callback/oidc`);

      // The identity-provider flow of the API returns to the address it was started at, under any name.
      const connect = async (headers: Record<string, string>) => {
        const response = await app.get("/api/auth/idp/connect", {
          headers: { accept: "application/json", ...headers },
        });
        expect(response.status(), await response.text()).toBe(200);
        return new URL((await response.json()).authorization_url).searchParams.get("redirect_uri");
      };
      expect(await connect(forgedForwarding)).toBe(`${origin}/api/auth/idp/callback`);
      expect(await connect({ host: `localhost:${port}` })).toBe(`http://localhost:${port}/api/auth/idp/callback`);

      // The quick start's commands and the API reference's examples call the app where it was opened.
      for (const page of ["/developers/quick-start", "/developers/reference"]) {
        const html = await (await app.get(page)).text();
        expect(html, page).toContain(`${origin}/v1/`);
        expect(html, page).not.toContain(`localhost:${port}`);
      }

      // A password-reset link comes from APP_URL (its default here), never from Host or a forwarded host.
      const user = await createUser(app);
      const forgot = await app.post("/api/auth/forgot-password", {
        headers: { host: "evil.example", ...forgedForwarding },
        data: { email: user.email },
      });
      expect(forgot.status()).toBe(200);
      const mail = await latestEmail(app, user.email);
      expect(mail.text).toMatch(/http:\/\/localhost:\d+\/reset-password\?token=/);
      expect(mail.text).not.toContain("evil.example");
      expect(mail.text).not.toContain("127.0.0.1");
    } finally {
      await app.dispose();
    }
  } finally {
    if (instance) await stop(instance);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

import { expect } from "@playwright/test";
import type { StandInDriveFile } from "./drive-stand-in";
import type { Identity, SignIdTokenOptions } from "./oidc-issuer";

// The identity provider and cloud token endpoint the whole Playwright run shares: started once by
// e2e/support/global-setup.ts on these ports, which playwright.config.ts's webServer env names
// (OIDC_ISSUER, CLOUD_TOKEN_URL). Specs reach them over HTTP through the issuer's /test/ endpoints,
// because Playwright workers do not share the global setup's process.

export const OIDC_CLIENT_ID = "docsvc-e2e";
export const OIDC_CLIENT_SECRET = "docsvc-e2e-secret";
// Beside the app's own port (E2E_PORT, default 3100), so two runs on different ports do not collide.
const appPort = Number(process.env.E2E_PORT ?? 3100);
export const OIDC_ISSUER_PORT = appPort + 99;
export const CLOUD_TOKEN_PORT = appPort + 97;

export interface LocalProviderClient {
  /** The provider's base address (its issuer identifier). */
  url: string;
  /** Registers who the authorize endpoint approves as when asked with login_hint=identity.email. */
  registerIdentity(identity: Identity): Promise<void>;
  /** The authorization URL with login_hint set, so the issuer approves as `identity` (registered first). */
  authorizeAs(authorizationUrl: string, identity: Identity): Promise<string>;
  /** A code the token endpoint accepts without a browser (the front end's popup flow). */
  issueCode(identity: Identity, options?: { redirectUri?: string; scope?: string }): Promise<string>;
  signIdToken(claims: Record<string, unknown>, options?: SignIdTokenOptions): Promise<string>;
  /** The form of the token request that redeemed `code`. */
  tokenRequest(code: string): Promise<URLSearchParams>;
  /** Puts files into the stand-in Google Drive of the identity with this subject (token endpoint only). */
  putDriveFiles(sub: string, files: StandInDriveFile[]): Promise<void>;
}

export const localIssuer = providerClient(`http://127.0.0.1:${OIDC_ISSUER_PORT}`);
export const localTokenEndpoint = providerClient(`http://127.0.0.1:${CLOUD_TOKEN_PORT}`);

function providerClient(url: string): LocalProviderClient {
  async function call(path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(
      `${url}${path}`,
      body === undefined
        ? {}
        : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
    );
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBe(200);
    return JSON.parse(text) as Record<string, unknown>;
  }
  const client: LocalProviderClient = {
    url,
    async registerIdentity(identity) {
      await call("/test/identities", identity);
    },
    async authorizeAs(authorizationUrl, identity) {
      await client.registerIdentity(identity);
      const authorize = new URL(authorizationUrl);
      authorize.searchParams.set("login_hint", identity.email);
      return authorize.toString();
    },
    async issueCode(identity, options = {}) {
      return String(
        (await call("/test/codes", { identity, redirect_uri: options.redirectUri, scope: options.scope })).code,
      );
    },
    async signIdToken(claims, options) {
      return String((await call("/test/id-tokens", { claims, options })).id_token);
    },
    async putDriveFiles(sub, files) {
      await call("/test/drive-files", { sub, files });
    },
    async tokenRequest(code) {
      const form = await call(`/test/token-requests?code=${encodeURIComponent(code)}`);
      return new URLSearchParams(form as Record<string, string>);
    },
  };
  return client;
}

import type { DriveAuthorization } from "@/lib/cloud/get-drive-authorization";

// The browser's half of connecting a drive: the authorization-code flow with PKCE. The page sends the
// person to the consent screen and back to itself with ?code&state; the code then goes to
// POST /api/cloud/drive/connect, which exchanges it with the client secret the browser never sees.

const STORAGE_KEY = "docsvc.drive-consent";

interface PendingConsent {
  state: string;
  codeVerifier?: string;
  redirectUri: string;
}

export type ConsentReturn =
  { kind: "code"; code: string; redirectUri: string; codeVerifier?: string } | { kind: "refused"; message: string };

function randomToken(bytes = 32): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return base64Url(values);
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The consent screen's address: offline access so a refresh token comes back, the account suggested by e-mail. */
export function consentUrl(input: {
  authorization: DriveAuthorization;
  redirectUri: string;
  state: string;
  codeChallenge?: string;
  loginHint?: string;
}): string {
  const url = new URL(input.authorization.authorizeUrl);
  const query = url.searchParams;
  query.set("client_id", input.authorization.clientId);
  query.set("redirect_uri", input.redirectUri);
  query.set("response_type", "code");
  query.set("scope", input.authorization.scope);
  query.set("state", input.state);
  query.set("access_type", "offline");
  query.set("prompt", "consent");
  if (input.codeChallenge) {
    query.set("code_challenge", input.codeChallenge);
    query.set("code_challenge_method", "S256");
  }
  if (input.loginHint) query.set("login_hint", input.loginHint);
  return url.toString();
}

/** Remembers state and verifier for this tab and sends the browser to the consent screen. */
export async function startDriveConsent(authorization: DriveAuthorization, loginHint?: string): Promise<void> {
  const redirectUri = `${window.location.origin}${window.location.pathname}`;
  const state = randomToken(16);
  // crypto.subtle exists only on secure origins (https or localhost); elsewhere the client secret alone guards the code.
  const codeVerifier = crypto.subtle ? randomToken(32) : undefined;
  const codeChallenge = codeVerifier
    ? base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(codeVerifier))))
    : undefined;
  const pending: PendingConsent = { state, codeVerifier, redirectUri };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(pending));
  window.location.assign(consentUrl({ authorization, redirectUri, state, codeChallenge, loginHint }));
}

/**
 * Reads the consent screen's answer from the page address (null when the page was not opened by it),
 * checking that it answers the request this tab made.
 */
export function readConsentReturn(
  search: string,
  storage: Pick<Storage, "getItem" | "removeItem">,
): ConsentReturn | null {
  const query = new URLSearchParams(search);
  const code = query.get("code");
  const refusal = query.get("error");
  if (!code && !refusal) return null;
  const saved = storage.getItem(STORAGE_KEY);
  storage.removeItem(STORAGE_KEY);
  const pending = saved ? (JSON.parse(saved) as PendingConsent) : undefined;
  if (!pending || pending.state !== query.get("state"))
    return {
      kind: "refused",
      message: "This answer from Google Drive does not belong to a connection started here; try again.",
    };
  if (refusal)
    return {
      kind: "refused",
      message:
        refusal === "access_denied"
          ? "Google Drive was not connected: access was not allowed."
          : `Google Drive was not connected (${refusal}).`,
    };
  return { kind: "code", code: code!, redirectUri: pending.redirectUri, codeVerifier: pending.codeVerifier };
}

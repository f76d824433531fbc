import { describe, expect, it } from "vitest";
import { consentUrl, readConsentReturn } from "./drive-consent";

const authorization = { authorizeUrl: "https://idp.example/authorize", clientId: "client-1", scope: "openid email" };

function storageWith(value: unknown) {
  const items = new Map<string, string>();
  if (value !== undefined) items.set("docsvc.drive-consent", JSON.stringify(value));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("drive consent", () => {
  it("asks for offline access with PKCE, the state and the suggested account", () => {
    const url = new URL(
      consentUrl({
        authorization,
        redirectUri: "https://app.example/upload",
        state: "s-1",
        codeChallenge: "challenge",
        loginHint: "ada@example.test",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://idp.example/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "client-1",
      redirect_uri: "https://app.example/upload",
      response_type: "code",
      scope: "openid email",
      state: "s-1",
      access_type: "offline",
      prompt: "consent",
      code_challenge: "challenge",
      code_challenge_method: "S256",
      login_hint: "ada@example.test",
    });
  });

  it("hands back the code with the verifier when the state matches, once", () => {
    const storage = storageWith({
      state: "s-1",
      codeVerifier: "v".repeat(43),
      redirectUri: "https://app.example/upload",
    });
    expect(readConsentReturn("?code=c-1&state=s-1", storage)).toEqual({
      kind: "code",
      code: "c-1",
      redirectUri: "https://app.example/upload",
      codeVerifier: "v".repeat(43),
    });
    expect(storage.items.size).toBe(0);
    expect(readConsentReturn("?code=c-1&state=s-1", storage)).toMatchObject({ kind: "refused" });
  });

  it("refuses an answer whose state this tab did not send", () => {
    const storage = storageWith({ state: "s-1", redirectUri: "https://app.example/upload" });
    expect(readConsentReturn("?code=c-1&state=other", storage)).toMatchObject({
      kind: "refused",
      message: expect.stringContaining("does not belong"),
    });
  });

  it("says in words when the person declined", () => {
    const storage = storageWith({ state: "s-1", redirectUri: "https://app.example/upload" });
    expect(readConsentReturn("?error=access_denied&state=s-1", storage)).toEqual({
      kind: "refused",
      message: "Google Drive was not connected: access was not allowed.",
    });
  });

  it("ignores a page opened without an answer", () => {
    expect(readConsentReturn("?tab=files", storageWith(undefined))).toBeNull();
  });
});

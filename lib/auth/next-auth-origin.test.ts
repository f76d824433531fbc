import { afterEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { getNextAuthOptions } from "./next-auth-options";
import { withAppOriginHeaders } from "./next-auth-origin";

// next-auth builds its sign-in URLs (the OIDC redirect_uri, its redirects) from NEXTAUTH_URL, or from
// the forwarded host and scheme. Those must be the app's own origin: APP_URL when set, else the
// address the request came to, and a forwarded host only from a trusted proxy.

function configure(env: Record<string, string | undefined>): void {
  vi.stubEnv("NEXTAUTH_URL", undefined);
  vi.stubEnv("AUTH_TRUST_HOST", undefined);
  vi.stubEnv("ALLOWED_ORIGINS", undefined);
  vi.stubEnv("PORT", "3000");
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  resetConfigForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const forwarded = (url: string, headers: Record<string, string>) => {
  const result = withAppOriginHeaders(new Request(url, { headers }));
  return `${result.get("x-forwarded-proto")}://${result.get("x-forwarded-host")}`;
};

describe("next-auth's origin with APP_URL unset", () => {
  it("is the address the request came to, and next-auth is told to read it from the forwarded headers", () => {
    configure({ APP_URL: undefined, TRUSTED_PROXIES: undefined });
    expect(forwarded("http://127.0.0.1:3000/api/auth/signin/oidc", { host: "127.0.0.1:3000" })).toBe(
      "http://127.0.0.1:3000",
    );
    expect(forwarded("http://192.168.1.20:3000/api/auth/csrf", { host: "192.168.1.20:3000" })).toBe(
      "http://192.168.1.20:3000",
    );
    getNextAuthOptions();
    expect(process.env.NEXTAUTH_URL).toBeUndefined();
    expect(process.env.AUTH_TRUST_HOST).toBe("1");
  });

  it("replaces a client's own forwarded host and scheme, which only a trusted proxy may give", () => {
    configure({ APP_URL: undefined, TRUSTED_PROXIES: "10.0.0.1" });
    const forged = { host: "127.0.0.1:3000", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    expect(forwarded("http://127.0.0.1:3000/api/auth/signin/oidc", { ...forged, "x-docsvc-peer": "203.0.113.9" })).toBe(
      "http://127.0.0.1:3000",
    );
    // Next.js builds the request URL's scheme from X-Forwarded-Proto, whoever sent it: not believed either.
    expect(
      forwarded("https://127.0.0.1:3000/api/auth/signin/oidc", { ...forged, "x-docsvc-peer": "203.0.113.9" }),
    ).toBe("http://127.0.0.1:3000");
    expect(
      forwarded("http://10.0.0.2:3000/api/auth/signin/oidc", {
        host: "10.0.0.2:3000",
        "x-docsvc-peer": "10.0.0.1",
        "x-forwarded-host": "docs.example.org",
        "x-forwarded-proto": "https",
      }),
    ).toBe("https://docs.example.org");
  });
});

describe("next-auth's origin with APP_URL set", () => {
  it("is APP_URL whatever the request names, and NEXTAUTH_URL is set from it", () => {
    configure({ APP_URL: "https://docs.example.com/", TRUSTED_PROXIES: undefined });
    expect(
      forwarded("http://127.0.0.1:3000/api/auth/signin/oidc", {
        host: "127.0.0.1:3000",
        "x-forwarded-host": "evil.example",
      }),
    ).toBe("https://docs.example.com");
    getNextAuthOptions();
    expect(process.env.NEXTAUTH_URL).toBe("https://docs.example.com/api/auth");
    expect(process.env.AUTH_TRUST_HOST).toBeUndefined();
  });
});

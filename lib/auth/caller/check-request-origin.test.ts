import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { checkRequestOrigin } from "./check-request-origin";

beforeAll(() => {
  vi.stubEnv("APP_URL", "https://docs.example.com/");
  vi.stubEnv("ALLOWED_ORIGINS", "https://admin.example.com, http://127.0.0.1:4000");
  resetConfigForTests();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const check = (method: string, headers: Record<string, string>) => () =>
  checkRequestOrigin(new Request("https://docs.example.com/api/x", { method, headers }));

describe("checkRequestOrigin", () => {
  it("lets the app's own pages and configured origins change data", () => {
    const ownPages: Record<string, string>[] = [
      { origin: "https://docs.example.com" },
      { origin: "https://admin.example.com", "sec-fetch-site": "same-site" },
      { origin: "http://127.0.0.1:4000", "sec-fetch-site": "cross-site" },
      // Opened under another host name than APP_URL: the browser vouches the page is this origin.
      { origin: "http://10.0.0.5:3000", "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
      { referer: "https://docs.example.com/settings" },
      // No browser sent this (curl with a cookie jar).
      {},
    ];
    for (const headers of ownPages) {
      expect(check("POST", headers), JSON.stringify(headers)).not.toThrow();
    }
  });

  it("refuses other pages' state-changing requests with 403", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const foreignPages: Record<string, string>[] = [
        { origin: "http://evil.example" },
        { origin: "https://docs.example.com.evil.example" },
        { origin: "null" },
        { origin: "http://docs.example.com" },
        { "sec-fetch-site": "same-site" },
        { "sec-fetch-site": "cross-site", referer: "https://docs.example.com/" },
        { referer: "http://evil.example/form.html" },
        { referer: "not a url" },
      ];
      for (const headers of foreignPages) {
        expect(check(method, headers), `${method} ${JSON.stringify(headers)}`).toThrow(
          expect.objectContaining({ code: "forbidden" }),
        );
      }
    }
  });

  it("never refuses reads", () => {
    expect(check("GET", { origin: "http://evil.example", "sec-fetch-site": "cross-site" })).not.toThrow();
    expect(check("HEAD", { origin: "http://evil.example" })).not.toThrow();
  });
});

describe("checkRequestOrigin with APP_URL unset", () => {
  beforeAll(() => {
    vi.stubEnv("APP_URL", undefined);
    vi.stubEnv("ALLOWED_ORIGINS", undefined);
    vi.stubEnv("PORT", "3000");
    vi.stubEnv("TRUSTED_PROXIES", "10.0.0.1");
    resetConfigForTests();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  const post = (url: string, headers: Record<string, string>) => () =>
    checkRequestOrigin(new Request(url, { method: "POST", headers }));

  it("takes the app's origin from the address the request came to", () => {
    // Opened at 127.0.0.1 or a LAN address rather than localhost, with no Sec-Fetch-Site to vouch.
    expect(
      post("http://127.0.0.1:3000/api/x", { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" }),
    ).not.toThrow();
    expect(
      post("http://192.168.1.20:3000/api/x", {
        host: "192.168.1.20:3000",
        referer: "http://192.168.1.20:3000/settings",
      }),
    ).not.toThrow();
    expect(
      post("http://localhost:3000/api/x", { host: "localhost:3000", origin: "http://localhost:3000" }),
    ).not.toThrow();
  });

  it("still refuses another origin, and a forwarded host from anyone but a trusted proxy", () => {
    expect(post("http://127.0.0.1:3000/api/x", { host: "127.0.0.1:3000", origin: "http://evil.example" })).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
    const forged = {
      host: "127.0.0.1:3000",
      origin: "https://evil.example",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
    };
    expect(post("http://127.0.0.1:3000/api/x", { ...forged, "x-docsvc-peer": "203.0.113.9" })).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
  });

  it("behind a trusted proxy, takes the origin from its forwarded host and scheme", () => {
    const proxied = {
      host: "10.0.0.2:3000",
      "x-docsvc-peer": "10.0.0.1",
      "x-forwarded-host": "docs.example.org",
      "x-forwarded-proto": "https",
    };
    expect(post("http://10.0.0.2:3000/api/x", { ...proxied, origin: "https://docs.example.org" })).not.toThrow();
    expect(post("http://10.0.0.2:3000/api/x", { ...proxied, origin: "http://10.0.0.2:3000" })).toThrow(
      expect.objectContaining({ code: "forbidden" }),
    );
  });
});

describe("checkRequestOrigin with APP_URL set", () => {
  beforeAll(() => {
    vi.stubEnv("APP_URL", "http://localhost:3000");
    vi.stubEnv("ALLOWED_ORIGINS", undefined);
    resetConfigForTests();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  it("keeps APP_URL as the app's origin whatever Host the request names", () => {
    expect(() =>
      checkRequestOrigin(
        new Request("http://127.0.0.1:3000/api/x", {
          method: "POST",
          headers: { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000" },
        }),
      ),
    ).toThrow(expect.objectContaining({ code: "forbidden" }));
  });
});

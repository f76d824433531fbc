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

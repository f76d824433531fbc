import { afterEach, describe, expect, it, vi } from "vitest";
import { getConfig, resetConfigForTests } from "./config";

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe("APP_URL", () => {
  it("follows the server's own port when unset, so links work on any port", () => {
    vi.stubEnv("APP_URL", "");
    vi.stubEnv("PORT", "3921");
    resetConfigForTests();
    expect(getConfig().APP_URL).toBe("http://localhost:3921");
  });

  it("is the configured address, without a trailing slash, when set", () => {
    vi.stubEnv("APP_URL", "https://docs.example.com/");
    vi.stubEnv("PORT", "3921");
    resetConfigForTests();
    expect(getConfig().APP_URL).toBe("https://docs.example.com");
  });

  it("refuses an address that is not a URL, naming the variable", () => {
    vi.stubEnv("APP_URL", "docs.example.com");
    resetConfigForTests();
    expect(() => getConfig()).toThrow(/APP_URL/);
  });
});

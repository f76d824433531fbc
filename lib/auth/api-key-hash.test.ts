import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey, looksLikeApiKey } from "./api-key-hash";

describe("API keys", () => {
  it("are sd_ plus 32 random bytes in base64url, with prefix, last four and a SHA-256 hash", () => {
    const generated = generateApiKey();
    expect(generated.key).toMatch(/^sd_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(generated.key.slice(3), "base64url")).toHaveLength(32);
    expect(generated.prefix).toBe(generated.key.slice(0, 9));
    expect(generated.lastFour).toBe(generated.key.slice(-4));
    expect(generated.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(generated.key)).toBe(generated.hash);
    expect(looksLikeApiKey(generated.key)).toBe(true);
  });

  it("never repeat", () => {
    expect(generateApiKey().key).not.toBe(generateApiKey().key);
  });

  it("hash like sha256sum", () => {
    expect(hashApiKey("sd_test")).toBe("613df43e9967b41d0c46d433ffec74f2e164c956d8889e08e5416d4048f04065");
  });
});

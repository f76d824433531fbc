import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { resetAuthSecretForTests } from "./auth-secret";
import { decryptSecret, encryptSecret } from "./encrypt-secret";

function useSecret(secret: string) {
  process.env.AUTH_SECRET = secret;
  resetConfigForTests();
  resetAuthSecretForTests();
}

afterEach(() => {
  delete process.env.AUTH_SECRET;
  resetConfigForTests();
  resetAuthSecretForTests();
});

describe("encryptSecret", () => {
  it("round-trips and never repeats a ciphertext", () => {
    useSecret("s".repeat(40));
    const sealed = encryptSecret("ya29.refresh-token");
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain("ya29");
    expect(encryptSecret("ya29.refresh-token")).not.toBe(sealed);
    expect(decryptSecret(sealed)).toBe("ya29.refresh-token");
  });

  it("refuses a tampered ciphertext and one sealed under another secret", () => {
    useSecret("s".repeat(40));
    const sealed = encryptSecret("token");
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3], "base64url");
    flipped[0] ^= 1;
    expect(() => decryptSecret([...parts.slice(0, 3), flipped.toString("base64url")].join("."))).toThrow();
    useSecret("t".repeat(40));
    expect(() => decryptSecret(sealed)).toThrow();
    expect(() => decryptSecret("garbage")).toThrow(/known version/);
  });
});

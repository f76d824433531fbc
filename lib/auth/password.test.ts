import { describe, expect, it } from "vitest";
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { checkPasswordPolicy } from "./password-policy";
import { EmailAddress, normalizeEmail } from "./email-address";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(passwordNeedsRehash(hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("never matches a malformed or weaker-parameter hash wrongly", async () => {
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    expect(await verifyPassword("x", "scrypt$0$8$1$AA$AA")).toBe(false);
    expect(passwordNeedsRehash("scrypt$16384$8$1$AAAA$AAAA")).toBe(true);
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });

  it("treats Unicode compositions of one password as the same password", async () => {
    const hash = await hashPassword("Caf\u00e9-passw0rd");
    expect(await verifyPassword("Cafe\u0301-passw0rd", hash)).toBe(true);
  });
});

describe("password policy", () => {
  it("accepts a reasonable password", () => {
    expect(checkPasswordPolicy("a sensible passphrase", "ann@example.com")).toBeNull();
  });
  it.each([
    ["short", /at least 8/],
    ["x".repeat(129), /at most 128/],
    ["password123", /too common/],
    ["aaaaaaaaaa", /repeat/],
  ])("refuses %s", (password, reason) => {
    expect(checkPasswordPolicy(password)).toMatch(reason);
  });
  it("refuses the email address or its local part", () => {
    expect(checkPasswordPolicy("Ann.Smith@Example.com", "ann.smith@example.com")).toMatch(/email/);
    expect(checkPasswordPolicy("ann.smith", "ann.smith@example.com")).toMatch(/email/);
  });
});

describe("email normalisation", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Ann@Example.COM ")).toBe("ann@example.com");
    expect(EmailAddress.parse("  Ann@Example.COM ")).toBe("ann@example.com");
  });
  it("rejects what is not an address", () => {
    expect(EmailAddress.safeParse("ann@").success).toBe(false);
    expect(EmailAddress.safeParse("not an email").success).toBe(false);
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { signAccessToken, verifyAccessToken } from "./access-token";
import { getAuthSecret, resetAuthSecretForTests } from "@/lib/crypto/auth-secret";

const user = { id: "5b0b4a5e-8a43-4d7e-9c53-0f4f4e1f2a11", tokenVersion: 3 };
const dataDir = mkdtempSync(path.join(tmpdir(), "docsvc-secret-"));

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetConfigForTests();
  resetAuthSecretForTests();
}

beforeEach(() => setEnv({ AUTH_SECRET: "x".repeat(40), DATA_DIR: dataDir, DATABASE_URL: "", NODE_ENV: "test" }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetConfigForTests();
  resetAuthSecretForTests();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("access tokens", () => {
  it("round-trip the user id and token version", async () => {
    const { token, expiresIn } = await signAccessToken(user);
    expect(expiresIn).toBe(24 * 60 * 60);
    expect(await verifyAccessToken(token)).toEqual({ userId: user.id, tokenVersion: 3 });
  });

  it("are refused once expired", async () => {
    vi.stubEnv("ACCESS_TOKEN_TTL_SECONDS", "60");
    resetConfigForTests();
    const { token } = await signAccessToken(user);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    await expect(verifyAccessToken(token)).rejects.toMatchObject({
      code: "unauthorized",
      message: "Access token has expired",
    });
  });

  it("are refused when tampered with", async () => {
    const { token } = await signAccessToken(user);
    const [header, payload, signature] = token.split(".");
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), ver: 99 }),
    ).toString("base64url");
    await expect(verifyAccessToken(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ code: "unauthorized" });
    await expect(verifyAccessToken("not-a-jwt")).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("are refused when signed with another secret", async () => {
    const { token } = await signAccessToken(user);
    setEnv({ AUTH_SECRET: "y".repeat(40) });
    await expect(verifyAccessToken(token)).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("are refused for another audience or issuer", async () => {
    const { hkdfSync } = await import("node:crypto");
    const key = new Uint8Array(hkdfSync("sha256", getAuthSecret(), "", "docsvc access token", 32));
    const sign = (issuer: string, audience: string) =>
      new SignJWT({ ver: 3 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(user.id)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(key);
    expect(await verifyAccessToken(await sign("docsvc", "docsvc-api"))).toEqual({ userId: user.id, tokenVersion: 3 });
    await expect(verifyAccessToken(await sign("docsvc", "someone-else"))).rejects.toMatchObject({
      code: "unauthorized",
    });
    await expect(verifyAccessToken(await sign("evil", "docsvc-api"))).rejects.toMatchObject({ code: "unauthorized" });
  });
});

describe("auth secret", () => {
  it("is generated once and kept in DATA_DIR/auth-secret with mode 0600 when AUTH_SECRET is unset", () => {
    setEnv({ AUTH_SECRET: "" });
    const secret = getAuthSecret();
    const file = path.join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8")).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    resetAuthSecretForTests();
    expect(getAuthSecret()).toBe(secret);
  });

  it("must be configured in production with PostgreSQL", () => {
    setEnv({ AUTH_SECRET: "", NODE_ENV: "production", DATABASE_URL: "postgres://localhost/x" });
    expect(() => getAuthSecret()).toThrow(/AUTH_SECRET is not set/);
    setEnv({ AUTH_SECRET: "short", NODE_ENV: "production", DATABASE_URL: "postgres://localhost/x" });
    expect(() => getAuthSecret()).toThrow(/at least 32/);
  });
});

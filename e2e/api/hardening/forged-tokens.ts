import { hkdfSync, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { SignJWT } from "jose";
import { bearer, type TestUser } from "../../support/accounts";

// Tokens a client could forge or replay. Each must answer 401.

export interface NamedToken {
  label: string;
  value: string;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

function signingKey(secret: string): Uint8Array {
  // As lib/auth/access-token.ts derives it from AUTH_SECRET.
  return new Uint8Array(hkdfSync("sha256", secret, "", "docsvc access token", 32));
}

function sign(secret: string, claims: { sub: string; ver: number }, expiresAt: number): Promise<string> {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer("docsvc")
    .setAudience("docsvc-api")
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(signingKey(secret));
}

/**
 * A token signed with the test server's own secret but expired an hour ago. The server keeps its
 * generated secret in DATA_DIR/auth-secret (a fresh docsvc-e2e-* folder); the folder whose secret
 * signs a token the server accepts is this server's.
 */
export async function expiredToken(request: APIRequestContext, user: TestUser): Promise<string | undefined> {
  const now = Math.floor(Date.now() / 1000);
  for (const entry of readdirSync(tmpdir()).filter((name) => name.startsWith("docsvc-e2e-"))) {
    const file = path.join(tmpdir(), entry, "auth-secret");
    if (!existsSync(file)) continue;
    const secret = readFileSync(file, "utf8").trim();
    const fresh = await sign(secret, { sub: user.id, ver: 0 }, now + 600);
    if ((await request.get("/api/auth/me", { headers: bearer(fresh) })).status() === 200)
      return sign(secret, { sub: user.id, ver: 0 }, now - 3600);
  }
  return undefined;
}

export function forgedTokens(user: TestUser, extra: NamedToken[] = []): NamedToken[] {
  const [header, payload, signature] = user.token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  return [
    { label: "garbage token", value: "not-a-token" },
    { label: "alg:none token", value: `${base64url({ alg: "none", typ: "JWT" })}.${base64url({ ...claims })}.` },
    { label: "token signed with another key", value: `${header}.${payload}.${randomBytes(32).toString("base64url")}` },
    {
      label: "token whose subject was changed",
      value: `${header}.${base64url({ ...claims, sub: "00000000-0000-4000-8000-000000000000" })}.${signature}`,
    },
    {
      label: "token whose expiry was extended",
      value: `${header}.${base64url({ ...claims, exp: claims.exp + 86_400 * 365 })}.${signature}`,
    },
    { label: "truncated token", value: user.token.slice(0, -10) },
    { label: "made-up API key", value: `sd_${randomBytes(32).toString("hex")}` },
    ...extra,
  ];
}

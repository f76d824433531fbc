import { encode as encodeSessionToken } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/auth/api-key-hash";
import { signAccessToken } from "@/lib/auth/access-token";
import { getAuthSecret } from "@/lib/crypto/auth-secret";
import type { Db } from "@/lib/db";
import { createTestDatabase } from "@/lib/db/testing";
import type { Surface } from "@/lib/contracts/surface";
import { resolveCaller } from "./resolve-caller";
import type { AuthMode } from "@/lib/contracts/caller";

let db: Db;
let dispose: () => Promise<void>;
let user: { id: string; tokenVersion: number };
let activeKey: string;
let inactiveKey: string;

beforeAll(async () => {
  // Its own database and signing secret, as the route handlers that resolve callers see them.
  ({ db, dispose } = await createTestDatabase({ serveGetDb: true }));
  user = await db.user.create({
    data: { email: "caller@example.com", tokenVersion: 2 },
    select: { id: true, tokenVersion: true },
  });
  const active = generateApiKey();
  const inactive = generateApiKey();
  await db.apiKey.createMany({
    data: [
      { userId: user.id, name: "active", prefix: active.prefix, lastFour: active.lastFour, keyHash: active.hash },
      {
        userId: user.id,
        name: "inactive",
        prefix: inactive.prefix,
        lastFour: inactive.lastFour,
        keyHash: inactive.hash,
        isActive: false,
      },
    ],
  });
  activeKey = active.key;
  inactiveKey = inactive.key;
  await db.guestSession.createMany({
    data: [
      { id: "guest_live", ipHash: "h", expiresAt: new Date(Date.now() + 3_600_000) },
      { id: "guest_expired", ipHash: "h", expiresAt: new Date(Date.now() - 1000) },
    ],
  });
});

afterAll(async () => {
  await dispose?.();
});

function resolve(
  mode: AuthMode,
  init: {
    headers?: Record<string, string>;
    url?: string;
    form?: FormData;
    surface?: Surface;
    queryTokenParam?: string;
  } = {},
) {
  const req = new Request(init.url ?? "http://test/api/x", { headers: init.headers });
  return resolveCaller({
    db,
    req,
    mode,
    surface: init.surface ?? "api",
    form: init.form,
    queryTokenParam: init.queryTokenParam,
  });
}

describe("resolveCaller", () => {
  it("accepts a valid access token", async () => {
    const { token } = await signAccessToken(user);
    const caller = await resolve("user", { headers: { authorization: `Bearer ${token}` } });
    expect(caller).toMatchObject({ kind: "user", via: "jwt", user: { id: user.id, email: "caller@example.com" } });
    expect(caller).not.toHaveProperty("user.passwordHash");
  });

  it("refuses a token whose version the user has moved past (revocation)", async () => {
    const { token } = await signAccessToken({ id: user.id, tokenVersion: 1 });
    await expect(resolve("user", { headers: { authorization: `Bearer ${token}` } })).rejects.toMatchObject({
      code: "unauthorized",
      headers: { "WWW-Authenticate": "Bearer" },
    });
  });

  it("refuses a token for a user that does not exist", async () => {
    const { token } = await signAccessToken({ id: "00000000-0000-4000-8000-000000000000", tokenVersion: 0 });
    await expect(resolve("user", { headers: { authorization: `Bearer ${token}` } })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("accepts an active API key as Bearer or x-api-key, and records its use", async () => {
    const viaBearer = await resolve("api_key", { headers: { authorization: `Bearer ${activeKey}` }, surface: "v1" });
    expect(viaBearer).toMatchObject({ kind: "user", via: "api_key", user: { id: user.id } });
    const viaHeader = await resolve("user", { headers: { "x-api-key": activeKey } });
    expect(viaHeader).toMatchObject({ kind: "user", via: "api_key" });
    const key = await db.apiKey.findFirstOrThrow({ where: { name: "active" } });
    expect(key.lastUsedAt).toBeInstanceOf(Date);
  });

  it("refuses inactive and unknown API keys", async () => {
    await expect(
      resolve("api_key", { headers: { authorization: `Bearer ${inactiveKey}` }, surface: "v1" }),
    ).rejects.toMatchObject({ code: "unauthorized" });
    await expect(resolve("user", { headers: { "x-api-key": "sd_unknown" } })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("refuses access tokens on the developer API", async () => {
    const { token } = await signAccessToken(user);
    await expect(
      resolve("api_key", { headers: { authorization: `Bearer ${token}` }, surface: "v1" }),
    ).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("reads the next-auth session cookie, including a chunked one", async () => {
    const token = await encodeSessionToken({
      token: { sub: user.id, ver: user.tokenVersion },
      secret: getAuthSecret(),
    });
    const whole = await resolve("user", { headers: { cookie: `other=1; next-auth.session-token=${token}` } });
    expect(whole).toMatchObject({ kind: "user", via: "session" });
    const half = Math.floor(token.length / 2);
    const chunked = await resolve("user", {
      headers: {
        cookie: `next-auth.session-token.1=${token.slice(half)}; next-auth.session-token.0=${token.slice(0, half)}`,
      },
    });
    expect(chunked).toMatchObject({ kind: "user", via: "session" });
  });

  it("ignores a stale or foreign session cookie and falls back to guest or 401", async () => {
    const stale = await encodeSessionToken({ token: { sub: user.id, ver: 0 }, secret: getAuthSecret() });
    await expect(resolve("user", { headers: { cookie: `next-auth.session-token=${stale}` } })).rejects.toMatchObject({
      code: "unauthorized",
    });
    const garbage = await resolve("user_or_guest", {
      headers: { cookie: "next-auth.session-token=garbage", "x-guest-session-id": "guest_live" },
    });
    expect(garbage).toEqual({ kind: "guest", guestSessionId: "guest_live" });
  });

  it("accepts a live guest session from the header, the query or a form field", async () => {
    expect(await resolve("user_or_guest", { headers: { "x-guest-session-id": "guest_live" } })).toEqual({
      kind: "guest",
      guestSessionId: "guest_live",
    });
    expect(await resolve("user_or_guest", { url: "http://test/api/x?guest_session_id=guest_live" })).toEqual({
      kind: "guest",
      guestSessionId: "guest_live",
    });
    const form = new FormData();
    form.append("guest_session_id", "guest_live");
    expect(await resolve("user_or_guest", { form })).toEqual({ kind: "guest", guestSessionId: "guest_live" });
  });

  it("refuses expired or unknown guest sessions, and guests on user-only routes", async () => {
    await expect(
      resolve("user_or_guest", { headers: { "x-guest-session-id": "guest_expired" } }),
    ).rejects.toMatchObject({ code: "unauthorized" });
    await expect(resolve("user_or_guest", { headers: { "x-guest-session-id": "guest_nope" } })).rejects.toMatchObject({
      code: "unauthorized",
    });
    await expect(resolve("user", { headers: { "x-guest-session-id": "guest_live" } })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("lets optional routes through anonymously but refuses bad credentials there too", async () => {
    expect(await resolve("optional")).toEqual({ kind: "anonymous" });
    await expect(resolve("optional", { headers: { authorization: "Basic abc" } })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("accepts an access token from a named query parameter", async () => {
    const { token } = await signAccessToken(user);
    const caller = await resolve("user", {
      url: `http://test/api/batch/image/k?token=${token}`,
      queryTokenParam: "token",
    });
    expect(caller).toMatchObject({ kind: "user", via: "jwt" });
  });
});

import { decode as decodeSessionToken } from "next-auth/jwt";
import { hashApiKey } from "@/lib/auth/api-key-hash";
import { verifyAccessToken } from "@/lib/auth/access-token";
import { getAuthSecret } from "@/lib/crypto/auth-secret";
import { AppError } from "@/lib/errors/app-error";
import type { Surface } from "@/lib/contracts/surface";
import { checkRequestOrigin } from "./check-request-origin";
import { readCredential, readGuestSessionId, type Credential } from "./credentials";
import { CALLER_USER_SELECT, type AuthMode, type Caller, type CallerDb, type UserCaller } from "@/lib/contracts/caller";

export interface ResolveCallerOptions {
  db: CallerDb;
  req: Request;
  surface: Surface;
  mode: AuthMode;
  /** The parsed multipart/urlencoded body, when the route takes one (guest_session_id may be a field). */
  form?: FormData;
  /** Query parameter that may carry an access token (GET /api/batch/image?token=…). */
  queryTokenParam?: string;
}

/**
 * Identifies the caller and enforces the route's auth mode. Throws AppError("unauthorized") with
 * `WWW-Authenticate: Bearer` when the mode needs credentials the request lacks or presents badly,
 * and AppError("forbidden") when a session cookie comes with a cross-site state-changing request.
 */
export async function resolveCaller(options: ResolveCallerOptions): Promise<Caller> {
  const { db, req, surface, mode } = options;
  if (mode === "none") return { kind: "anonymous" };

  const credential = readCredential(req, { queryTokenParam: options.queryTokenParam });
  const userCaller = credential ? await resolveUserCredential(db, credential, surface, mode) : undefined;
  if (userCaller) {
    // The browser attaches the cookie to any site's request; tokens and keys are sent only on purpose.
    if (userCaller.via === "session") checkRequestOrigin(req);
    return userCaller;
  }

  if (mode === "user_or_guest" || mode === "optional") {
    const guestSessionId = readGuestSessionId(req, options.form);
    if (guestSessionId) {
      await requireLiveGuestSession(db, guestSessionId);
      return { kind: "guest", guestSessionId };
    }
  }
  if (mode === "optional") return { kind: "anonymous" };
  throw unauthorized(mode === "api_key" ? "Missing API key: send Authorization: Bearer sd_…" : "Not authenticated");
}

async function resolveUserCredential(
  db: CallerDb,
  credential: Credential,
  surface: Surface,
  mode: AuthMode,
): Promise<UserCaller | undefined> {
  switch (credential.kind) {
    case "malformed":
      throw unauthorized(credential.reason);
    case "api_key":
      return resolveApiKey({ db, key: credential.key });
    case "jwt":
      // The developer API authenticates programs, which hold keys; user sessions stay on /api.
      if (mode === "api_key" || surface === "v1")
        throw unauthorized("This endpoint takes an API key (sd_…), not an access token");
      return resolveAccessToken({ db, token: credential.token });
    case "session":
      if (mode === "api_key" || surface === "v1") return undefined;
      // A stale browser cookie is no reason to refuse: the request continues as guest or anonymous.
      return resolveSessionCookie({ db, token: credential.token });
  }
}

export async function resolveAccessToken(options: { db: CallerDb; token: string }): Promise<UserCaller> {
  const { db, token } = options;
  const claims = await verifyAccessToken(token);
  const user = await db.user.findUnique({ where: { id: claims.userId }, select: CALLER_USER_SELECT });
  if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthorized("Access token has been revoked");
  return { kind: "user", user, via: "jwt" };
}

export async function resolveApiKey(options: { db: CallerDb; key: string }): Promise<UserCaller> {
  const { db, key } = options;
  const apiKey = await db.apiKey.findUnique({
    where: { keyHash: hashApiKey(key) },
    select: { id: true, isActive: true, user: { select: CALLER_USER_SELECT } },
  });
  if (!apiKey || !apiKey.isActive || !apiKey.user) throw unauthorized("Invalid or inactive API key");
  await db.apiKey.update({ where: { id: apiKey.id }, data: { lastUsedAt: new Date() } });
  return { kind: "user", user: apiKey.user, via: "api_key", apiKeyId: apiKey.id };
}

/** The next-auth session cookie (JWT strategy) decoded with the shared secret; undefined when unusable. */
export async function resolveSessionCookie(options: { db: CallerDb; token: string }): Promise<UserCaller | undefined> {
  const { db, token } = options;
  let payload: Awaited<ReturnType<typeof decodeSessionToken>>;
  try {
    payload = await decodeSessionToken({ token, secret: getAuthSecret() });
  } catch (error) {
    // Expired, tampered or encrypted with an old secret: the cookie identifies nobody.
    if (isJoseError(error)) return undefined;
    throw error;
  }
  if (!payload || typeof payload.sub !== "string" || typeof payload.ver !== "number") return undefined;
  const user = await db.user.findUnique({ where: { id: payload.sub }, select: CALLER_USER_SELECT });
  if (!user || user.tokenVersion !== payload.ver) return undefined;
  return { kind: "user", user, via: "session" };
}

async function requireLiveGuestSession(db: CallerDb, guestSessionId: string): Promise<void> {
  const session = await db.guestSession.findUnique({ where: { id: guestSessionId }, select: { expiresAt: true } });
  if (!session || session.expiresAt.getTime() <= Date.now()) throw unauthorized("Guest session not found or expired");
}

// next-auth bundles its own jose; its errors are recognised by their ERR_JWE_/ERR_JWT_/ERR_JOSE_ codes.
function isJoseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^ERR_(JWE|JWT|JWS|JOSE)_/.test(code);
}

function unauthorized(message: string): AppError {
  return new AppError("unauthorized", message, { headers: { "WWW-Authenticate": "Bearer" } });
}

import { hkdfSync } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { getAuthSecret } from "@/lib/crypto/auth-secret";

export const ACCESS_TOKEN_ISSUER = "docsvc";
export const ACCESS_TOKEN_AUDIENCE = "docsvc-api";

export interface AccessTokenClaims {
  userId: string;
  /** The user's tokenVersion when the token was issued; a newer version in the database revokes it. */
  tokenVersion: number;
}

// next-auth derives its own key from the same secret; a separately derived key keeps the two apart.
let signingKey: { secret: string; key: Uint8Array } | undefined;
function getSigningKey(): Uint8Array {
  const secret = getAuthSecret();
  if (signingKey?.secret !== secret) {
    signingKey = { secret, key: new Uint8Array(hkdfSync("sha256", secret, "", "docsvc access token", 32)) };
  }
  return signingKey.key;
}

/** A signed HS256 JWT for the user, valid for ACCESS_TOKEN_TTL_SECONDS. */
export async function signAccessToken(user: {
  id: string;
  tokenVersion: number;
}): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = getConfig().ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ ver: user.tokenVersion })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(getSigningKey());
  return { token, expiresIn };
}

/**
 * Checks signature, issuer, audience and expiry. Throws AppError("unauthorized") for any bad token;
 * the caller still compares tokenVersion with the database.
 */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, getSigningKey(), {
      algorithms: ["HS256"],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ["sub", "exp"],
    });
    if (typeof payload.sub !== "string" || typeof payload.ver !== "number") {
      throw new AppError("unauthorized", "Invalid access token");
    }
    return { userId: payload.sub, tokenVersion: payload.ver };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new AppError("unauthorized", "Access token has expired");
    if (error instanceof joseErrors.JOSEError) throw new AppError("unauthorized", "Invalid access token");
    throw error;
  }
}

import { hkdfSync } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { getAuthSecret } from "@/lib/auth/secret";
import { AppError } from "@/lib/http/errors";

// Page images load in <img> tags, which send no Authorization header: results hand out URLs with
// a short-lived token that opens the images of one batch only, for users and guests alike.

export const IMAGE_TOKEN_TTL_SECONDS = 60 * 60;
const AUDIENCE = "docsvc-batch-image";

let derived: { secret: string; key: Uint8Array } | undefined;
function signingKey(): Uint8Array {
  const secret = getAuthSecret();
  if (derived?.secret !== secret) derived = { secret, key: new Uint8Array(hkdfSync("sha256", secret, "", "docsvc batch image token", 32)) };
  return derived.key;
}

export async function signImageToken(batchId: string): Promise<string> {
  return new SignJWT({ bat: batchId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${IMAGE_TOKEN_TTL_SECONDS}s`)
    .sign(signingKey());
}

/** The batch id an image token opens, or null when the string is not an image token at all. */
export async function verifyImageToken(token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { algorithms: ["HS256"], audience: AUDIENCE, requiredClaims: ["exp"] });
    if (typeof payload.bat !== "string") throw new AppError("unauthorized", "Invalid image token");
    return payload.bat;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError("unauthorized", "The image link has expired; load the results again for a fresh one");
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

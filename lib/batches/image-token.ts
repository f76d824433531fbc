import { hkdfSync } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { getAuthSecret } from "@/lib/crypto/auth-secret";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

// Page images load in <img> tags, which send no Authorization header: results hand out URLs with
// a short-lived token that opens the images of one batch only, for users and guests alike. A user's
// batch token carries the user's token version, so signing out everywhere revokes it with the rest.

export const IMAGE_TOKEN_TTL_SECONDS = 60 * 60;
const AUDIENCE = "docsvc-batch-image";

let derived: { secret: string; key: Uint8Array } | undefined;
function signingKey(): Uint8Array {
  const secret = getAuthSecret();
  if (derived?.secret !== secret)
    derived = { secret, key: new Uint8Array(hkdfSync("sha256", secret, "", "docsvc batch image token", 32)) };
  return derived.key;
}

/** The token version of the batch's user, or null for a guest's batch (or a deleted one). */
async function ownerTokenVersion(db: Db, batchId: string): Promise<number | null> {
  const batch = await db.batch.findUnique({
    where: { id: batchId },
    select: { user: { select: { tokenVersion: true } } },
  });
  return batch?.user?.tokenVersion ?? null;
}

export async function signImageToken(options: { db: Db; batchId: string }): Promise<string> {
  const { db, batchId } = options;
  return new SignJWT({ bat: batchId, ver: await ownerTokenVersion(db, batchId) })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${IMAGE_TOKEN_TTL_SECONDS}s`)
    .sign(signingKey());
}

/**
 * The batch id an image token opens, or null when the string is not an image token at all. 401 when
 * it expired, or when its batch's user has since signed out everywhere or changed the password.
 */
export async function verifyImageToken(options: { db: Db; token: string }): Promise<string | null> {
  const { db, token } = options;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      requiredClaims: ["exp"],
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new AppError("unauthorized", "The image link has expired; load the results again for a fresh one");
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
  if (typeof payload.bat !== "string") throw new AppError("unauthorized", "Invalid image token");
  const version = await ownerTokenVersion(db, payload.bat);
  if (version !== null && payload.ver !== version)
    throw new AppError(
      "unauthorized",
      "The image link was revoked by signing out everywhere; load the results again for a fresh one",
    );
  return payload.bat;
}

import { createHash, randomBytes, randomInt } from "node:crypto";

/** An unguessable URL-safe token for links in emails (reset, invitation, OIDC state). */
export function generateSecretToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens and codes are stored only as SHA-256 hashes: a leaked table does not leak usable links. */
export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A uniformly random 6-digit code, zero-padded. */
export function generateNumericCode(digits = 6): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, "0");
}

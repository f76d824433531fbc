import { createHash, randomBytes } from "node:crypto";

export const API_KEY_PREFIX = "sd_";

export interface GeneratedApiKey {
  /** The full key, shown to the user once and never stored. */
  key: string;
  /** Visible start of the key (sd_ plus six characters), stored to help users recognise it. */
  prefix: string;
  lastFour: string;
  /** SHA-256 of the key, hex; the only form the database keeps. */
  hash: string;
}

/** A new API key: sd_ + 32 random bytes in base64url. */
export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), lastFour: key.slice(-4), hash: hashApiKey(key) };
}

// A fast hash is enough: the key carries 256 random bits, so there is nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX);
}

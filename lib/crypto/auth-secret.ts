import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";

// A short HMAC key can be brute-forced offline from any token it signed.
const MIN_SECRET_LENGTH = 32;

let cached: string | undefined;

/**
 * The secret that signs access tokens and next-auth sessions.
 * AUTH_SECRET when set; otherwise (embedded and development use) a random secret generated once and
 * kept in DATA_DIR/auth-secret so sessions survive restarts. A production deployment on PostgreSQL
 * must set AUTH_SECRET: several instances would otherwise each invent their own.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const config = getConfig();
  const isProductionBackend = config.NODE_ENV === "production" && config.DATABASE_URL !== undefined;

  if (config.AUTH_SECRET) {
    if (isProductionBackend && config.AUTH_SECRET.length < MIN_SECRET_LENGTH) {
      throw new Error(
        `AUTH_SECRET must be at least ${MIN_SECRET_LENGTH} characters in production (try: openssl rand -base64 48).`,
      );
    }
    cached = config.AUTH_SECRET;
    return cached;
  }
  if (isProductionBackend) {
    throw new Error(
      "AUTH_SECRET is not set. In production with DATABASE_URL, every instance must share one secret: " +
        "set AUTH_SECRET to a random value of at least 32 characters (openssl rand -base64 48).",
    );
  }
  cached = readOrCreateSecretFile(path.join(config.DATA_DIR, "auth-secret"));
  return cached;
}

function readOrCreateSecretFile(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // "wx" fails when the file exists, so two processes starting together agree on one secret.
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; delete it to generate a new one.`,
    );
  }
  return secret;
}

/** Forget the cached secret (tests change AUTH_SECRET and DATA_DIR between cases). */
export function resetAuthSecretForTests(): void {
  cached = undefined;
}

/** Tests only: getAuthSecret() answers `secret` (undefined: reads the configuration again). */
export function setAuthSecretForTests(secret: string | undefined): void {
  cached = secret;
}

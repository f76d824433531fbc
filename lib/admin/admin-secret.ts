import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";

/** The header operator commands send the admin secret in. */
export const ADMIN_SECRET_HEADER = "x-docsvc-admin-secret";

export function adminSecretFile(): string {
  return path.join(getConfig().DATA_DIR, "admin-secret");
}

/**
 * The secret that lets operator commands (npm run user:tier) act through the running app: generated
 * once into DATA_DIR/admin-secret (mode 0600), so only someone who can read the server's data folder
 * can use the admin endpoints. Read on every call: the command may create it while the app runs.
 */
export function readOrCreateAdminSecret(): string {
  const file = adminSecretFile();
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/** 403 unless the request carries the admin secret. */
export function assertAdminSecret(req: Request): void {
  const presented = Buffer.from(req.headers.get(ADMIN_SECRET_HEADER) ?? "");
  const expected = Buffer.from(readOrCreateAdminSecret());
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new AppError(
      "forbidden",
      `Operator endpoint: send the secret from ${adminSecretFile()} in ${ADMIN_SECRET_HEADER} (npm run user:tier does).`,
    );
  }
}

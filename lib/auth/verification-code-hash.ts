import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuthSecret } from "@/lib/crypto/auth-secret";

// A 6-digit code has only a million values: a plain hash in a leaked table would be reversed at once,
// so codes are keyed with the server secret and bound to their row.
export function hashVerificationCode(codeId: string, code: string): string {
  return createHmac("sha256", getAuthSecret()).update(`email-verification:${codeId}:${code}`).digest("hex");
}

export function verificationCodeMatches(codeId: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashVerificationCode(codeId, code), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}

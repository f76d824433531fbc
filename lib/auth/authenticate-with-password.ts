import { getDb } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { normalizeEmail } from "./email-address";
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { assertNotThrottled, clearThrottle, recordThrottleFailure, signInThrottleKeys } from "./throttle";

// One message for every failure, so an attacker cannot tell a wrong address from a wrong password.
export const INVALID_CREDENTIALS = "Incorrect email or password";

/**
 * The user with this email and password. 401 for any mismatch; 429 while the account or the client
 * address is locked after repeated failures.
 */
export async function authenticateWithPassword(input: { email: string; password: string; clientAddress?: string }) {
  const email = normalizeEmail(input.email);
  const keys = signInThrottleKeys(email, input.clientAddress);
  await assertNotThrottled(keys);

  const db = await getDb();
  const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
  const valid = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordThrottleFailure(keys);
    throw new AppError("unauthorized", INVALID_CREDENTIALS);
  }
  await clearThrottle(keys.slice(0, 1));
  if (user.passwordHash && passwordNeedsRehash(user.passwordHash)) {
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.password) } });
  }
  return user;
}

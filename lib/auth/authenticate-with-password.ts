import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { normalizeEmail } from "./email-address";
import { hashPassword, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from "./password";
import { assertSignInAllowed, recordSignInFailure, recordSignInSuccess, signInThrottleKeys } from "./throttle";

// One message for every failure, so an attacker cannot tell a wrong address from a wrong password.
export const INVALID_CREDENTIALS = "Incorrect email or password";

/**
 * The user with this email and password. 401 for any mismatch; 429 while this address is locked out
 * of this account or of sign-in, or while the account is under attack and this address has failed
 * against it (a correct password from an address that has not failed still signs in).
 */
export async function authenticateWithPassword(input: {
  db: Db;
  email: string;
  password: string;
  clientAddress?: string;
  now?: Date;
}) {
  const email = normalizeEmail(input.email);
  const throttle = signInThrottleKeys(email, input.clientAddress);
  await assertSignInAllowed({ db: input.db, throttle, now: input.now });

  const { db } = input;
  const user = await db.user.findUnique({ where: { email }, omit: { passwordHash: false } });
  const valid = user?.passwordHash
    ? await verifyPassword(input.password, user.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordSignInFailure({ db, throttle, now: input.now });
    throw new AppError("unauthorized", INVALID_CREDENTIALS);
  }
  await recordSignInSuccess({ db, throttle });
  if (user.passwordHash && passwordNeedsRehash(user.passwordHash)) {
    await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(input.password) } });
  }
  return user;
}

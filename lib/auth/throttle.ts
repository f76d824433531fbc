import { getDb } from "@/lib/db";
import { AppError } from "@/lib/http/errors";

export interface ThrottlePolicy {
  /** Failures allowed within the window before the key is locked. */
  maxFailures: number;
  windowMs: number;
  /** First lock length; each further failure while over the limit doubles it, up to maxLockMs. */
  baseLockMs: number;
  maxLockMs: number;
}

const MINUTE = 60_000;

// An account is a narrow target (guessing one password), an address may be shared (an office NAT),
// so the address allows more failures before it is slowed down.
export const ACCOUNT_POLICY: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * MINUTE, baseLockMs: 30_000, maxLockMs: 15 * MINUTE };
export const ADDRESS_POLICY: ThrottlePolicy = { maxFailures: 25, windowMs: 15 * MINUTE, baseLockMs: MINUTE, maxLockMs: 30 * MINUTE };

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** The counters a sign-in attempt is charged to: the account (by email) and the client address. */
export function signInThrottleKeys(email: string, clientAddress: string | undefined): ThrottleKey[] {
  const keys: ThrottleKey[] = [{ key: `signin:account:${email}`, policy: ACCOUNT_POLICY }];
  if (clientAddress) keys.push({ key: `signin:address:${clientAddress}`, policy: ADDRESS_POLICY });
  return keys;
}

/** Throws 429 with a Retry-After when any key is locked. */
export async function assertNotThrottled(keys: ThrottleKey[], now = new Date()): Promise<void> {
  const db = await getDb();
  const rows = await db.authThrottle.findMany({ where: { key: { in: keys.map((k) => k.key) } } });
  const lockedUntil = rows
    .map((row) => row.lockedUntil?.getTime() ?? 0)
    .reduce((latest, time) => Math.max(latest, time), 0);
  if (lockedUntil > now.getTime()) {
    const retryAfterSeconds = Math.ceil((lockedUntil - now.getTime()) / 1000);
    throw new AppError("rate_limit_exceeded", "Too many failed attempts. Try again later.", { headers: { "Retry-After": String(retryAfterSeconds) } });
  }
}

/** Counts one failure against every key and locks the keys that went over their limit. */
export async function recordThrottleFailure(keys: ThrottleKey[], now = new Date()): Promise<void> {
  const db = await getDb();
  for (const { key, policy } of keys) {
    const windowStartedBefore = new Date(now.getTime() - policy.windowMs);
    // Two statements in a transaction: reset a stale window, then count; concurrent failures all count.
    const row = await db.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING: an upsert could fail with a unique violation when two failures race.
      await tx.authThrottle.createMany({ data: { key, failures: 0, windowStart: now }, skipDuplicates: true });
      await tx.authThrottle.updateMany({
        where: { key, windowStart: { lt: windowStartedBefore }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
        data: { failures: 0, windowStart: now, lockedUntil: null },
      });
      return tx.authThrottle.update({ where: { key }, data: { failures: { increment: 1 } } });
    });
    const over = row.failures - policy.maxFailures;
    if (over >= 0) {
      const lockMs = Math.min(policy.baseLockMs * 2 ** Math.min(over, 20), policy.maxLockMs);
      await db.authThrottle.update({ where: { key }, data: { lockedUntil: new Date(now.getTime() + lockMs) } });
    }
  }
}

/** A successful sign-in forgives the account's failures (never the address's: that is shared). */
export async function clearThrottle(keys: ThrottleKey[]): Promise<void> {
  const db = await getDb();
  await db.authThrottle.deleteMany({ where: { key: { in: keys.map((k) => k.key) } } });
}

import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";

export interface ThrottlePolicy {
  /** Failures allowed within the window before the key is locked. */
  maxFailures: number;
  windowMs: number;
  /** First lock length; each further failure while over the limit doubles it, up to maxLockMs. */
  baseLockMs: number;
  maxLockMs: number;
}

const MINUTE = 60_000;

// One address guessing one account is locked soonest; an address may be shared (an office NAT), so
// it may fail more often across accounts. The account's own counter never locks anyone out: past
// its limit it only turns away addresses that have already failed against it (see assertSignInAllowed).
export const PAIR_POLICY: ThrottlePolicy = {
  maxFailures: 5,
  windowMs: 15 * MINUTE,
  baseLockMs: 30_000,
  maxLockMs: 15 * MINUTE,
};
export const ADDRESS_POLICY: ThrottlePolicy = {
  maxFailures: 25,
  windowMs: 15 * MINUTE,
  baseLockMs: MINUTE,
  maxLockMs: 30 * MINUTE,
};
export const ACCOUNT_POLICY: ThrottlePolicy = {
  maxFailures: 10,
  windowMs: 15 * MINUTE,
  baseLockMs: 30_000,
  maxLockMs: 15 * MINUTE,
};
/** Registrations refused because the address is taken, per client address: enumeration is slowed like guessing. */
export const REGISTER_POLICY: ThrottlePolicy = {
  maxFailures: 10,
  windowMs: 15 * MINUTE,
  baseLockMs: MINUTE,
  maxLockMs: 30 * MINUTE,
};

export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** The counters a sign-in attempt is charged to. Without a known address, the pair is "unknown". */
export interface SignInThrottle {
  pair: ThrottleKey;
  address?: ThrottleKey;
  account: ThrottleKey;
}

export function signInThrottleKeys(email: string, clientAddress: string | undefined): SignInThrottle {
  return {
    pair: { key: `signin:pair:${email}|${clientAddress ?? "unknown"}`, policy: PAIR_POLICY },
    address: clientAddress ? { key: `signin:address:${clientAddress}`, policy: ADDRESS_POLICY } : undefined,
    account: { key: `signin:account:${email}`, policy: ACCOUNT_POLICY },
  };
}

/** Every sign-in counter of an account (its own and its pairs), for a password reset to forgive. */
export function accountThrottleKeyPrefixes(email: string): string[] {
  return [`signin:account:${email}`, `signin:pair:${email}|`];
}

/**
 * 429 with Retry-After when this address may not try this account now: the pair or the address is
 * locked, or the account is under attack (past its failure limit) and this address has failed
 * against it in the window or is unknown. A correct password from an address that has not failed
 * always gets through, so nobody can lock a person out of their account from elsewhere.
 */
export async function assertSignInAllowed(options: { db: Db; throttle: SignInThrottle; now?: Date }): Promise<void> {
  const { db, throttle, now = new Date() } = options;
  const rows = await readThrottles(db, [throttle.pair, throttle.address, throttle.account], now);
  const hardLock = Math.max(
    rows.get(throttle.pair.key)?.lockedUntil ?? 0,
    throttle.address ? (rows.get(throttle.address.key)?.lockedUntil ?? 0) : 0,
  );
  const account = rows.get(throttle.account.key);
  const pairHasFailed = (rows.get(throttle.pair.key)?.failures ?? 0) > 0 || !throttle.address;
  const slowDown = pairHasFailed ? (account?.lockedUntil ?? 0) : 0;
  refuseUntil(Math.max(hardLock, slowDown), now);
}

export async function recordSignInFailure(options: { db: Db; throttle: SignInThrottle; now?: Date }): Promise<void> {
  const { db, throttle, now } = options;
  await recordThrottleFailure({
    db,
    keys: [throttle.pair, throttle.address, throttle.account].filter((key): key is ThrottleKey => key !== undefined),
    now,
  });
}

/** A successful sign-in forgives this address's failures on the account (never the address's or the account's own: attacks go on). */
export async function recordSignInSuccess(options: { db: Db; throttle: SignInThrottle }): Promise<void> {
  await clearThrottle({ db: options.db, keys: [options.throttle.pair] });
}

/** Throws 429 with a Retry-After when any key is locked. */
export async function assertNotThrottled(options: { db: Db; keys: ThrottleKey[]; now?: Date }): Promise<void> {
  const { db, keys, now = new Date() } = options;
  const rows = await readThrottles(db, keys, now);
  refuseUntil(Math.max(0, ...[...rows.values()].map((row) => row.lockedUntil)), now);
}

/** Counts one failure against every key and locks the keys that went over their limit. */
export async function recordThrottleFailure(options: { db: Db; keys: ThrottleKey[]; now?: Date }): Promise<void> {
  const { db, keys, now = new Date() } = options;
  for (const { key, policy } of keys) {
    const windowStartedBefore = new Date(now.getTime() - policy.windowMs);
    // Two statements in a transaction: reset a stale window, then count; concurrent failures all count.
    const row = await db.$transaction(async (tx) => {
      // ON CONFLICT DO NOTHING: an upsert could fail with a unique violation when two failures race.
      await tx.authThrottle.createMany({ data: { key, failures: 0, windowStart: now }, skipDuplicates: true });
      await tx.authThrottle.updateMany({
        where: {
          key,
          windowStart: { lt: windowStartedBefore },
          OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
        },
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

export async function clearThrottle(options: { db: Db; keys: ThrottleKey[] }): Promise<void> {
  const { db, keys } = options;
  await db.authThrottle.deleteMany({ where: { key: { in: keys.map((k) => k.key) } } });
}

/** Failures in the current window and the lock's end (ms, 0 when none), by key; stale windows count nothing. */
async function readThrottles(
  db: Db,
  keys: (ThrottleKey | undefined)[],
  now: Date,
): Promise<Map<string, { failures: number; lockedUntil: number }>> {
  const present = keys.filter((key): key is ThrottleKey => key !== undefined);
  const rows = await db.authThrottle.findMany({ where: { key: { in: present.map((k) => k.key) } } });
  const result = new Map<string, { failures: number; lockedUntil: number }>();
  for (const row of rows) {
    const policy = present.find((k) => k.key === row.key)!.policy;
    const lockedUntil = row.lockedUntil?.getTime() ?? 0;
    const windowOpen = row.windowStart.getTime() > now.getTime() - policy.windowMs || lockedUntil > now.getTime();
    result.set(row.key, { failures: windowOpen ? row.failures : 0, lockedUntil });
  }
  return result;
}

function refuseUntil(lockedUntil: number, now: Date): void {
  if (lockedUntil <= now.getTime()) return;
  const retryAfterSeconds = Math.ceil((lockedUntil - now.getTime()) / 1000);
  throw new AppError("rate_limit_exceeded", "Too many failed attempts. Try again later.", {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/** A refused registration (address taken) counts against the client address, so probing for accounts is slowed. */
export function registerThrottleKeys(clientAddress: string | undefined): ThrottleKey[] {
  return clientAddress ? [{ key: `register:address:${clientAddress}`, policy: REGISTER_POLICY }] : [];
}

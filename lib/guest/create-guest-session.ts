import { createHmac, randomBytes } from "node:crypto";
import type { z } from "zod";
import { getAuthSecret } from "@/lib/crypto/auth-secret";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import {
  GUEST_LIMITS_MESSAGE,
  GUEST_MAX_FILES,
  GUEST_MAX_PAGES,
  GUEST_SESSION_TTL_MS,
  GUEST_SESSIONS_PER_IP_PER_DAY,
} from "@/lib/upload-limits/guest-limits";
import type { GuestSessionResponse } from "./schemas";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Client addresses are kept only as a keyed hash: enough to count sessions, not to identify anyone. */
export function hashClientAddress(address: string | undefined): string {
  return createHmac("sha256", getAuthSecret())
    .update(`guest-ip:${address ?? "unknown"}`)
    .digest("base64url");
}

/**
 * A new guest session (guest_ plus 32 random bytes: the id is the guest's only credential). At most
 * GUEST_SESSIONS_PER_IP_PER_DAY per client address in any 24 hours; then 429 with Retry-After.
 * Counting and creating hold a transaction-scoped advisory lock on the address, so concurrent
 * requests from one address cannot together create more.
 */
export async function createGuestSession(options: {
  db: Db;
  clientAddress: string | undefined;
  now?: Date;
}): Promise<z.infer<typeof GuestSessionResponse>> {
  const { db } = options;
  const now = options.now ?? new Date();
  const ipHash = hashClientAddress(options.clientAddress);
  const session = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`guest-ip:${ipHash}`}))`;
    const recent = await tx.guestSession.findMany({
      where: { ipHash, createdAt: { gt: new Date(now.getTime() - DAY_MS) } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    if (recent.length >= GUEST_SESSIONS_PER_IP_PER_DAY) {
      const retryAfter = Math.max(1, Math.ceil((recent[0].createdAt.getTime() + DAY_MS - now.getTime()) / 1000));
      throw new AppError(
        "rate_limit_exceeded",
        `At most ${GUEST_SESSIONS_PER_IP_PER_DAY} guest sessions per address per day; try again later or sign up for an account.`,
        { headers: { "Retry-After": String(retryAfter) } },
      );
    }
    return tx.guestSession.create({
      data: {
        id: `guest_${randomBytes(32).toString("base64url")}`,
        ipHash,
        createdAt: now,
        expiresAt: new Date(now.getTime() + GUEST_SESSION_TTL_MS),
      },
    });
  });
  return {
    session_id: session.id,
    max_files: GUEST_MAX_FILES,
    max_pages: GUEST_MAX_PAGES,
    expires_at: session.expiresAt.toISOString(),
    message: GUEST_LIMITS_MESSAGE,
  };
}

import { getClientAddress } from "@/lib/auth/client-address";
import { getConfig } from "@/lib/config";
import type { Caller } from "@/lib/contracts/caller";
import { readForward } from "./web-forwarding";
import type { WebOwner } from "./web-owner";

export type { WebOwner };

/**
 * Sessions one signed-in user may hold at once: WEB_SESSIONS_PER_USER or half the pool, always below
 * the pool (when it has room for two), so one user never locks everyone else out.
 */
export function userWebShare(): number {
  const { WEB_MAX_SESSIONS, WEB_SESSIONS_PER_USER } = getConfig();
  const ceiling = Math.max(1, WEB_MAX_SESSIONS - 1);
  return Math.min(WEB_SESSIONS_PER_USER ?? Math.max(1, Math.floor(WEB_MAX_SESSIONS / 2)), ceiling);
}

/**
 * Sessions one client address may hold at once without signing in, so it cannot take the whole pool.
 * At it, the next is a 429 rather than closing the older one: an address may be many people.
 */
export const ANONYMOUS_WEB_SESSIONS = 1;

/**
 * The owner of a caller's web sessions. Signed-in users own theirs by user id (web-fill opens sessions
 * the web-* calls continue); a guest session or, without one, the client address owns an anonymous
 * caller's, so a session id alone never hands a browser to someone else.
 */
export function webOwnerOf(caller: Caller, req: Request): WebOwner {
  // A call forwarded by the instance the caller reached carries the owner that instance resolved.
  const forwarded = readForward(req);
  if (forwarded) return forwarded.owner;
  if (caller.kind === "user") return { ownerId: caller.user.id, userId: caller.user.id, share: userWebShare() };
  if (caller.kind === "guest")
    return { ownerId: `guest:${caller.guestSessionId}`, maxSessions: ANONYMOUS_WEB_SESSIONS };
  return { ownerId: `address:${getClientAddress(req) ?? "unknown"}`, maxSessions: ANONYMOUS_WEB_SESSIONS };
}

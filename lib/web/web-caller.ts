import { getClientAddress } from "@/lib/auth/client-address";
import type { Caller } from "@/lib/contracts/caller";

/** Who owns a web session, and how many of them it may hold at once. */
export interface WebOwner {
  /** Sessions are found only by their owner's id: another owner's session_id is a 404. */
  ownerId: string;
  /** Open sessions allowed to this owner at once; undefined for signed-in users (the pool bounds them). */
  maxSessions?: number;
  /** Signed-in users may attach their documents to file inputs; guests and anonymous callers may not. */
  userId?: string;
}

/** Sessions one client address may hold at once without signing in, so it cannot take the whole pool. */
export const ANONYMOUS_WEB_SESSIONS = 1;

/**
 * The owner of a caller's web sessions. Signed-in users own theirs by user id (web-fill opens sessions
 * the web-* calls continue); a guest session or, without one, the client address owns an anonymous
 * caller's, so a session id alone never hands a browser to someone else.
 */
export function webOwnerOf(caller: Caller, req: Request): WebOwner {
  if (caller.kind === "user") return { ownerId: caller.user.id, userId: caller.user.id };
  if (caller.kind === "guest")
    return { ownerId: `guest:${caller.guestSessionId}`, maxSessions: ANONYMOUS_WEB_SESSIONS };
  return { ownerId: `address:${getClientAddress(req) ?? "unknown"}`, maxSessions: ANONYMOUS_WEB_SESSIONS };
}

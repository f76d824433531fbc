import { parseOutboundUrl } from "@/lib/net/ssrf-guard";
import { navigatePage, type Navigation } from "./navigate-page";
import type { ResolveHost } from "./outbound-proxy";
import { closeWebSession, getWebSessionOrThrow, openWebSession, type WebSession } from "./web-sessions";

export interface AcquireWebSessionOptions {
  ownerId: string;
  /** Sessions the owner may hold at once (see WebOwner). */
  maxSessions?: number;
  url?: string;
  sessionId?: string;
  resolveHost?: ResolveHost;
}

/**
 * The caller's session (session_id) or a new one, with `url` opened in it when given. A session opened
 * here is closed again when its first navigation fails, so a bad URL never holds a pool slot.
 */
export async function acquireWebSession(
  options: AcquireWebSessionOptions,
): Promise<{ session: WebSession; navigation: Navigation | null }> {
  // A URL that can never be opened is a 400 before any session (or a caller's one allowed session) is used.
  if (options.url) parseOutboundUrl(options.url);
  const opened = !options.sessionId;
  const session = options.sessionId
    ? getWebSessionOrThrow(options.ownerId, options.sessionId)
    : await openWebSession({
        ownerId: options.ownerId,
        maxSessions: options.maxSessions,
        resolveHost: options.resolveHost,
      });
  if (!options.url) return { session, navigation: null };
  try {
    return { session, navigation: await navigatePage(session, options.url) };
  } catch (error) {
    if (opened) await closeWebSession(session);
    throw error;
  }
}

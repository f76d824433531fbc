import { parseOutboundUrl } from "@/lib/net/ssrf-guard";
import { navigatePage, type Navigation } from "./navigate-page";
import type { ResolveHost } from "./outbound-proxy";
import {
  closeWebSession,
  getWebSessionOrThrow,
  openWebSession,
  workInWebSession,
  type WebSession,
} from "./web-sessions";

export interface AcquireWebSessionOptions {
  ownerId: string;
  /** Sessions the owner may hold at once (see WebOwner). */
  maxSessions?: number;
  /** The owner's fair share of the pool (see WebOwner). */
  share?: number;
  url?: string;
  sessionId?: string;
  /** Keep a session opened by this call for later calls; otherwise it closes when the call ends. */
  keepSession?: boolean;
  resolveHost?: ResolveHost;
}

/**
 * Runs `work` in the caller's session (session_id) or a new one, with `url` opened in it when given;
 * the session is busy meanwhile, so it is never closed to make room for another. A session opened
 * here closes when the call ends unless `keepSession` (one-shot operations hold no pool slot), and
 * when its first navigation fails, so a bad URL never holds a slot either.
 */
export async function withWebSession<T>(
  options: AcquireWebSessionOptions,
  work: (session: WebSession, navigation: Navigation | null) => Promise<T>,
): Promise<T> {
  // A URL that can never be opened is a 400 before any session (or a caller's one allowed session) is used.
  if (options.url) parseOutboundUrl(options.url);
  const opened = !options.sessionId;
  const session = options.sessionId
    ? getWebSessionOrThrow(options.ownerId, options.sessionId)
    : await openWebSession({
        ownerId: options.ownerId,
        maxSessions: options.maxSessions,
        share: options.share,
        resolveHost: options.resolveHost,
      });
  let keep = !opened || options.keepSession === true;
  try {
    return await workInWebSession(session, async () => {
      let navigation: Navigation | null = null;
      if (options.url) {
        try {
          navigation = await navigatePage(session, options.url);
        } catch (error) {
          keep = !opened;
          throw error;
        }
      }
      return work(session, navigation);
    });
  } finally {
    if (!keep) await closeWebSession(session);
  }
}

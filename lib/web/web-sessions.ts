import { randomUUID } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { getBrowser } from "./browser";
import type { WebField } from "./web-field";
import { startOutboundProxy, type OutboundProxy, type ResolveHost } from "./outbound-proxy";
import {
  forgetEarlierInstanceSessions,
  forgetHeldSessions,
  ownerSessionsElsewhere,
  recordHeldSession,
  renewHeldSession,
  sessionsReleasedElsewhere,
  type HeldSession,
} from "./web-session-directory";

/** One page kept open between calls, in its own browser context behind its own guarded proxy. */
export interface WebSession {
  id: string;
  ownerId: string;
  context: BrowserContext;
  page: Page;
  proxy: OutboundProxy;
  expiresAt: number;
  /** Set once a submit was clicked, so a retry cannot submit twice by accident. */
  submittedAt?: number;
  /** Popups the page tried to open (each closed at once). */
  popupsClosed: number;
  /** The next field reference number: refs stay unique across frames and scans. */
  nextRef: number;
  /** The last scan's fields, for updates by label or name. */
  fields: WebField[];
  /** Calls working in the session now; a busy session is never closed to make room. */
  busy: number;
  lastUsedAt: number;
}

interface Registry {
  sessions: Map<string, WebSession>;
  /** Sessions being opened: they count against the limit before they exist. */
  opening: number;
  sweeper?: ReturnType<typeof setInterval>;
}

const holder = globalThis as typeof globalThis & { __docsvcWebSessions?: Registry };
const registry = (): Registry => (holder.__docsvcWebSessions ??= { sessions: new Map(), opening: 0 });

export interface OpenWebSessionOptions {
  ownerId: string;
  /** Open sessions this owner may hold at once (anonymous callers): one more is a 429. */
  maxSessions?: number;
  /** The owner's fair share of the pool (signed-in users): at it, the owner's oldest idle session is closed for the new one. */
  share?: number;
  now?: number;
  /** Tests inject a resolver; the default is lib/net's guarded lookup. */
  resolveHost?: ResolveHost;
}

/**
 * Opens a session: a fresh context (no cookies shared with anyone) with service workers blocked,
 * downloads refused, popups closed and every request through a guarded proxy. Beyond
 * WEB_MAX_SESSIONS open sessions the caller gets 429 with Retry-After.
 */
export async function openWebSession(options: OpenWebSessionOptions): Promise<WebSession> {
  const config = getConfig();
  const state = registry();
  const now = options.now ?? Date.now();
  await forgetEarlierSessionsOnce();
  // The caller's sessions on other instances count against its share too.
  const elsewhere = await ownerSessionsElsewhere(options.ownerId, now);
  if (options.maxSessions !== undefined) {
    refuseOverOwnerLimit(state, options.ownerId, options.maxSessions, now, elsewhere.length);
  }
  const making = makeRoom(state, options, config.WEB_MAX_SESSIONS, now, elsewhere);
  state.opening += 1;
  let proxy: OutboundProxy | undefined;
  let context: BrowserContext | undefined;
  try {
    await making;
    const browser = await getBrowser();
    proxy = await startOutboundProxy({ resolveHost: options.resolveHost, maxBytes: config.WEB_MAX_SESSION_BYTES });
    // <-loopback> sends even localhost through the proxy: Chromium bypasses proxies for it by default.
    context = await browser.newContext({
      proxy: { server: proxy.server, bypass: "<-loopback>" },
      serviceWorkers: "block",
      acceptDownloads: false,
      viewport: { width: 1280, height: 800 },
    });
    const timeoutMs = config.WEB_NAVIGATION_TIMEOUT_SECONDS * 1000;
    context.setDefaultNavigationTimeout(timeoutMs);
    context.setDefaultTimeout(timeoutMs);
    // Popups are closed as they open, but a page that opens a hundred should not cost a hundred targets.
    await context.addInitScript(() => {
      window.open = () => null;
    });
    const page = await context.newPage();
    const session: WebSession = {
      id: randomUUID(),
      ownerId: options.ownerId,
      context,
      page,
      proxy,
      expiresAt: 0,
      popupsClosed: 0,
      nextRef: 0,
      fields: [],
      busy: 0,
      lastUsedAt: now,
    };
    context.on("page", (popup) => {
      if (popup === page) return;
      session.popupsClosed += 1;
      void popup.close().catch((error: unknown) => console.error("[web] closing a popup failed", error));
    });
    touchWebSession(session, now);
    await recordHeldSession(session);
    state.sessions.set(session.id, session);
    startSweeper(state);
    return session;
  } catch (error) {
    await context?.close();
    await proxy?.close();
    throw error;
  } finally {
    state.opening -= 1;
  }
}

/** Whether this process holds the session (whoever owns it). */
export function holdsWebSession(sessionId: string): boolean {
  return registry().sessions.has(sessionId);
}

/** The caller's own session, its lifetime renewed; another caller's or an expired id is a 404. */
export function getWebSessionOrThrow(ownerId: string, sessionId: string, now = Date.now()): WebSession {
  const session = registry().sessions.get(sessionId);
  if (!session || session.ownerId !== ownerId || session.expiresAt <= now)
    throw new AppError("not_found", "No such web session (it may have expired or been closed)");
  touchWebSession(session, now);
  return session;
}

export function touchWebSession(session: WebSession, now = Date.now()): void {
  session.lastUsedAt = now;
  session.expiresAt = now + getConfig().WEB_SESSION_TTL_SECONDS * 1000;
}

/** Runs `work` with the session marked busy, so making room for another session never closes it mid-call. */
export async function workInWebSession<T>(session: WebSession, work: () => Promise<T>): Promise<T> {
  session.busy += 1;
  try {
    return await work();
  } finally {
    session.busy -= 1;
    touchWebSession(session);
    await renewHeldSession(session);
  }
}

/** Closes a session's page, context and proxy; closing twice is harmless. */
export async function closeWebSession(session: WebSession): Promise<void> {
  const state = registry();
  if (!state.sessions.delete(session.id)) return;
  try {
    await session.context.close();
  } finally {
    await session.proxy.close();
    await forgetHeldSessions([session.id]);
    if (state.sessions.size === 0 && state.sweeper) {
      clearInterval(state.sweeper);
      state.sweeper = undefined;
    }
  }
}

/** Closes every session whose lifetime ended by `now`; returns how many. */
export async function closeExpiredWebSessions(now = Date.now()): Promise<number> {
  const expired = [...registry().sessions.values()].filter((session) => session.expiresAt <= now);
  await Promise.all(expired.map(closeWebSession));
  return expired.length;
}

/** Closes every session (shutdown, tests). */
export async function closeAllWebSessions(): Promise<void> {
  await Promise.all([...registry().sessions.values()].map(closeWebSession));
}

export function webSessionCounts(): { open: number; max: number } {
  return { open: registry().sessions.size, max: getConfig().WEB_MAX_SESSIONS };
}

/**
 * Frees a slot for the owner's new session, or answers 429. An owner at its share gives up its
 * oldest idle session; a full pool takes the owner's own oldest idle one if it has any, so nobody
 * waits for sessions the asker itself is holding. Returns the closing, which the opener awaits
 * (the slot is taken from the registry at once).
 */
function makeRoom(
  state: Registry,
  options: OpenWebSessionOptions,
  poolSize: number,
  now: number,
  elsewhere: HeldSession[],
): Promise<void> {
  const closing: Promise<void>[] = [];
  const own = () => [...state.sessions.values()].filter((session) => session.ownerId === options.ownerId);
  const giveUpOldestIdle = (): boolean => {
    const idle = own()
      .filter((session) => session.busy === 0)
      .sort((a, b) => a.lastUsedAt - b.lastUsedAt)[0];
    if (!idle) return false;
    closing.push(closeWebSession(idle));
    return true;
  };
  // Another instance's session is given up by removing its record; its holder closes it on its next sweep.
  const giveUpOldestElsewhere = (): boolean => {
    const oldest = elsewhere.shift();
    if (!oldest) return false;
    closing.push(forgetHeldSessions([oldest.id]));
    return true;
  };
  if (
    options.share !== undefined &&
    own().length + elsewhere.length >= options.share &&
    !giveUpOldestIdle() &&
    !giveUpOldestElsewhere()
  ) {
    throw new AppError(
      "rate_limit_exceeded",
      `Your ${options.share} web session${options.share === 1 ? " is" : "s are"} all working; wait for one to finish or close one (DELETE /api/batch/web-session/{id}).`,
      { headers: { "Retry-After": String(retryAfterSeconds(now, own())) } },
    );
  }
  if (state.sessions.size + state.opening >= poolSize && !giveUpOldestIdle()) {
    throw new AppError(
      "rate_limit_exceeded",
      `All ${poolSize} web sessions are in use; try again shortly or close one.`,
      { headers: { "Retry-After": String(retryAfterSeconds(now)) } },
    );
  }
  return Promise.all(closing).then(() => undefined);
}

function refuseOverOwnerLimit(
  state: Registry,
  ownerId: string,
  maxSessions: number,
  now: number,
  elsewhere: number,
): void {
  const own = [...state.sessions.values()].filter((session) => session.ownerId === ownerId);
  if (own.length + elsewhere < maxSessions) return;
  throw new AppError(
    "rate_limit_exceeded",
    `Without signing in, ${maxSessions} web session${maxSessions === 1 ? "" : "s"} at a time: continue with its session_id, close it (DELETE /api/batch/web-session/{id}) or sign in.`,
    { headers: { "Retry-After": String(retryAfterSeconds(now, own)) } },
  );
}

/** Seconds until the first of these sessions expires: when a slot frees up at the latest. */
function retryAfterSeconds(now: number, sessions = [...registry().sessions.values()]): number {
  const soonest = Math.min(...sessions.map((session) => session.expiresAt), Infinity);
  return Number.isFinite(soonest) ? Math.max(1, Math.ceil((soonest - now) / 1000)) : 1;
}

function startSweeper(state: Registry): void {
  if (state.sweeper) return;
  state.sweeper = setInterval(() => {
    closeExpiredWebSessions().catch((error: unknown) => console.error("[web] closing expired sessions failed", error));
    closeSessionsReleasedElsewhere(state).catch((error: unknown) =>
      console.error("[web] closing sessions released by another instance failed", error),
    );
  }, 5_000);
  state.sweeper.unref();
}

/** Sessions whose record another instance removed to make room for their owner there (never busy ones here). */
async function closeSessionsReleasedElsewhere(state: Registry): Promise<void> {
  const released = await sessionsReleasedElsewhere([...state.sessions.keys()]);
  const idle = released.map((id) => state.sessions.get(id)).filter((session) => session && session.busy === 0);
  await Promise.all(idle.map((session) => closeWebSession(session as WebSession)));
}

let earlierSessionsForgotten: Promise<void> | undefined;
function forgetEarlierSessionsOnce(): Promise<void> {
  earlierSessionsForgotten ??= forgetEarlierInstanceSessions();
  return earlierSessionsForgotten;
}

import { errors, type Response } from "playwright-core";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { parseOutboundUrl, UnsafeUrlError } from "@/lib/net/ssrf-guard";
import type { Refusal } from "./outbound-proxy";
import type { WebSession } from "./web-sessions";

export interface Navigation {
  url: string;
  title: string;
  /** HTTP status of the main document, null when the browser did not report one. */
  status: number | null;
  /** False when the page kept loading past the bounded wait for network idle (it is used as it was). */
  networkIdle: boolean;
  /** Requests of the page (frames, scripts, fetches) the outbound guard refused. */
  blocked: Refusal[];
}

/** The longest wait for network idle after the load event: pages that poll forever still answer. */
const NETWORK_IDLE_MS = 5_000;

/**
 * Opens `rawUrl` in the session's page and waits for load, then for network idle (bounded). A URL that
 * is not http(s), or whose host or any redirect hop the guard refuses, is a 400; a download link a
 * 400; a page that does not load in WEB_NAVIGATION_TIMEOUT_SECONDS a 504; an unreachable host a 502.
 */
export async function navigatePage(session: WebSession, rawUrl: string): Promise<Navigation> {
  const target = parseOutboundUrl(rawUrl);
  const refusedBefore = session.proxy.refused.length;
  session.fields = [];
  let outcome: Response | null | "cut-off";
  const loading = session.page.goto(target.href, { waitUntil: "load" });
  try {
    // Chromium keeps waiting on a document the proxy cut off; the budget's end ends the wait.
    outcome = await Promise.race([loading, session.proxy.exceeded.then(() => "cut-off" as const)]);
  } catch (error) {
    if (session.proxy.overBudget()) throw tooLarge();
    throw navigationError(error, session.proxy.refused.slice(refusedBefore));
  }
  if (outcome === "cut-off") loading.catch(() => undefined);
  // A cut-off document may still fire load; a page that is only partly there is refused all the same.
  if (session.proxy.overBudget()) throw tooLarge();
  const blocked = session.proxy.refused.slice(refusedBefore);
  // A refused hop of the main document (a redirect to a forbidden address) makes the whole page refused.
  const finalHost = new URL(session.page.url()).host;
  const mainRefusal = blocked.find(
    (refusal) => refusal.target === new URL(session.page.url()).origin || refusal.target === finalHost,
  );
  if (mainRefusal)
    throw new UnsafeUrlError(
      `The page led to an address the server may not reach (${mainRefusal.target}): ${mainRefusal.reason}`,
    );
  const networkIdle = await waitForNetworkIdle(session);
  return {
    url: session.page.url(),
    title: await session.page.title(),
    status: outcome === "cut-off" ? null : (outcome?.status() ?? null),
    networkIdle,
    blocked: session.proxy.refused.slice(refusedBefore),
  };
}

async function waitForNetworkIdle(session: WebSession): Promise<boolean> {
  const timeout = Math.min(NETWORK_IDLE_MS, getConfig().WEB_NAVIGATION_TIMEOUT_SECONDS * 1000);
  try {
    await session.page.waitForLoadState("networkidle", { timeout });
    return true;
  } catch (error) {
    if (error instanceof errors.TimeoutError) return false;
    throw error;
  }
}

function tooLarge(): AppError {
  const megabytes = Math.round(getConfig().WEB_MAX_SESSION_BYTES / (1024 * 1024));
  return new AppError(
    "payload_too_large",
    `The page is larger than a web session may download (${megabytes} MB, WEB_MAX_SESSION_BYTES); it was cut off.`,
  );
}

function navigationError(error: unknown, refusals: Refusal[]): Error {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  if (refusals.length > 0 && /ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY|ERR_EMPTY_RESPONSE/.test(message)) {
    const first = refusals[0];
    return new UnsafeUrlError(`The page led to an address the server may not reach (${first.target}): ${first.reason}`);
  }
  if (/Download is starting/i.test(message))
    return new AppError("bad_request", "The URL starts a file download, not a page; upload the file instead.");
  if (error instanceof errors.TimeoutError) {
    return new AppError(
      "page_timeout",
      `The page did not finish loading within ${getConfig().WEB_NAVIGATION_TIMEOUT_SECONDS} s`,
    );
  }
  const netError = /net::(ERR_[A-Z_]+)/.exec(message)?.[1];
  return new AppError("page_unreachable", `The page could not be loaded${netError ? ` (${netError})` : ""}`, {
    cause: error,
  });
}

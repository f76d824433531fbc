import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { appOrigin } from "./app-origin";

/** Methods that change state; a cross-site page must not make them with the person's cookie. */
const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The origins whose pages may send cookie-authenticated changes: the app's own and ALLOWED_ORIGINS.
 * The app's own is APP_URL when set; unset, it is the address the request came to (the app opened at
 * 127.0.0.1 or a LAN address is as much itself as at localhost).
 */
export function allowedOrigins(req: Request): Set<string> {
  return new Set([appOrigin(req), ...getConfig().ALLOWED_ORIGINS].map((url) => new URL(url).origin));
}

/**
 * Cross-site request forgery guard for requests authenticated by the session cookie: a
 * state-changing request must come from one of our own pages. Browsers send `Origin` on every
 * POST/PUT/PATCH/DELETE and `Sec-Fetch-Site` on every request, and a page can set neither, so:
 *
 * - `Origin` present: it must be an allowed origin (or `Sec-Fetch-Site: same-origin`, which a browser
 *   only sends when the page's origin is the request's, e.g. the app opened by another host name).
 * - no `Origin`: `Sec-Fetch-Site` must be `same-origin` or `none` (typed by the person), else a
 *   `Referer` must be from an allowed origin.
 * - none of the three: not a browser page (curl with a cookie jar, a test client), so allowed,
 *   as Go's net/http CrossOriginProtection does.
 *
 * Safe methods and other credentials (Bearer tokens, API keys) never reach this check.
 */
export function checkRequestOrigin(req: Request): void {
  if (!STATE_CHANGING_METHODS.has(req.method.toUpperCase())) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site")?.toLowerCase();
  const referer = req.headers.get("referer");

  if (origin !== null) {
    if (allowedOrigins(req).has(origin) || fetchSite === "same-origin") return;
    throw crossSite(`Origin ${origin} may not change data with this session`);
  }
  if (fetchSite !== undefined) {
    if (fetchSite === "same-origin" || fetchSite === "none") return;
    throw crossSite("Cross-site requests may not change data with this session");
  }
  if (referer !== null) {
    if (allowedOrigins(req).has(originOf(referer))) return;
    throw crossSite("Cross-site requests may not change data with this session");
  }
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "null";
  }
}

function crossSite(message: string): AppError {
  return new AppError(
    "forbidden",
    `${message}. Send the request from the app's own pages, or authenticate with an API key or access token.`,
  );
}

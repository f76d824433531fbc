import { getConfig } from "@/lib/config";
import { requestOrigin } from "./request-origin";

/**
 * The app's own origin as this request sees it, for its redirects, sign-in callbacks and same-origin
 * check: APP_URL when set; unset, the address the request came to (requestOrigin: its Host, or a
 * trusted proxy's forwarded host and scheme), so the app opened at 127.0.0.1 or a LAN address sends
 * its visitor back there rather than to localhost. Links sent by e-mail never use it: they use APP_URL.
 */
export function appOrigin(req: Request): string {
  const { APP_URL, APP_URL_SET } = getConfig();
  if (APP_URL_SET) return new URL(APP_URL).origin;
  return requestOrigin(req) ?? new URL(APP_URL).origin;
}

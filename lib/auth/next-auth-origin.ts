import { appOrigin } from "./caller/app-origin";

/**
 * The request's headers with X-Forwarded-Host and X-Forwarded-Proto replaced by the app's own origin
 * (appOrigin: APP_URL, or the address the request came to), for next-auth. With APP_URL unset
 * next-auth builds its callback URLs (the OIDC redirect_uri) and redirects from these two headers
 * (getNextAuthOptions sets AUTH_TRUST_HOST), so they must say what the app decided, never what a
 * client wrote: a forwarded host is believed only from TRUSTED_PROXIES.
 */
export function withAppOriginHeaders(req: Request): Headers {
  const origin = new URL(appOrigin(req));
  const headers = new Headers(req.headers);
  headers.set("x-forwarded-host", origin.host);
  headers.set("x-forwarded-proto", origin.protocol.replace(/:$/, ""));
  return headers;
}

import { NextResponse, type NextRequest } from "next/server";
import { withAppOriginHeaders } from "@/lib/auth/next-auth-origin";
import { getConfig } from "@/lib/config";
import { refuseMalformedPath } from "@/lib/http/malformed-path";
import { logger } from "@/lib/log/logger";
import { createNonce, pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "@/lib/security/security-headers";

/**
 * Pages: every page gets its Content-Security-Policy with a fresh nonce. Next.js reads the nonce from
 * the request's policy header and puts it on the scripts it renders (the root layout renders per
 * request, so no page is served prerendered without one). The fixed headers come from next.config.ts.
 * API paths (without a body, or with a percent sign): a path Next.js cannot percent-decode gets a JSON
 * 400 and a log line (Next.js would fail on it before routing, with a plain-text 500 and no log).
 * /api/auth/: the forwarded host and scheme next-auth reads are replaced by the app's own origin.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/v1/")) {
    const refusal = refuseMalformedPath(url);
    if (refusal) {
      logger.warn("request", {
        method: request.method,
        path: url.pathname.slice(0, 300),
        status: refusal.status,
        detail: "the path is not valid percent-encoding",
      });
      return refusal;
    }
    // next-auth's sign-in builds its URLs from the forwarded host and scheme: the app's own origin.
    if (url.pathname.startsWith("/api/auth/"))
      return NextResponse.next({ request: { headers: withAppOriginHeaders(request) } });
    return NextResponse.next();
  }
  const { APP_URL, NODE_ENV } = getConfig();
  const https = new URL(APP_URL).protocol === "https:";
  const policy = pageContentSecurityPolicy({
    nonce: createNonce(),
    development: NODE_ENV === "development",
    upgradeInsecureRequests: https,
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  if (https) response.headers.set(STRICT_TRANSPORT_SECURITY.key, STRICT_TRANSPORT_SECURITY.value);
  return response;
}

export const config = {
  matcher: [
    // Pages. Route handlers get their headers from next.config.ts.
    "/((?!api/|v1/|_next/static/|_next/image|favicon\\.|openapi\\.json|debug-version).*)",
    // API requests without a body: a proxy in front of a request with a body makes Next.js buffer
    // the whole body (uploads are up to 100 MB) to hand it on.
    {
      source: "/:surface(api|v1)/:path*",
      missing: [
        { type: "header", key: "content-length" },
        { type: "header", key: "transfer-encoding" },
      ],
    },
    // With a body, only paths with a percent sign, the few that may not decode (the API's own ids
    // never need one); their bodies are buffered, the price of a JSON 400 for a malformed path.
    "/:surface(api|v1)/:path(.*%.*)",
    // Sign-in, whatever the body (small forms): next-auth must see the app's origin (see above).
    "/api/auth/:path*",
  ],
};

import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { createNonce, pageContentSecurityPolicy, STRICT_TRANSPORT_SECURITY } from "@/lib/security/security-headers";

/**
 * Gives every page its Content-Security-Policy with a fresh nonce. Next.js reads the nonce from the
 * request's policy header and puts it on the scripts it renders (the root layout renders per request,
 * so no page is served prerendered without one). The fixed headers come from next.config.ts.
 */
export function proxy(request: NextRequest): NextResponse {
  const { APP_URL, NODE_ENV } = getConfig();
  const https = new URL(APP_URL).protocol === "https:";
  const policy = pageContentSecurityPolicy({ nonce: createNonce(), development: NODE_ENV === "development", upgradeInsecureRequests: https });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  if (https) response.headers.set(STRICT_TRANSPORT_SECURITY.key, STRICT_TRANSPORT_SECURITY.value);
  return response;
}

export const config = {
  // Pages only. Route handlers get their headers from next.config.ts: a proxy in front of them would
  // make Next.js buffer every request body (uploads are up to 100 MB) to hand it on.
  matcher: ["/((?!api/|v1/|_next/static/|_next/image|favicon\\.|openapi\\.json|debug-version).*)"],
};

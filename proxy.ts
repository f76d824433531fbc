import { refuseMalformedPath } from "@/lib/http/malformed-path";

// Runs before routing, only for the API surfaces: a path Next.js cannot decode gets a JSON 400.
export function proxy(request: Request): Response | undefined {
  return refuseMalformedPath(new URL(request.url));
}

export const config = {
  matcher: ["/api/:path*", "/v1/:path*"],
};

import type { AuthMode } from "@/lib/contracts/caller";
import type { Surface } from "@/lib/contracts/surface";

export const SECURITY_SCHEMES = {
  bearerJwt: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "Access token from /api/auth/login, /api/auth/register or /api/auth/accept-invitation. Not accepted under /v1.",
  },
  bearerApiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "sd_ API key",
    description: "API key (sd_…) created at /api/users/me/api-keys, sent as Authorization: Bearer sd_….",
  },
  apiKeyHeader: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "The same API key in the x-api-key header.",
  },
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: "next-auth.session-token",
    description: "The web app's session cookie (__Secure-next-auth.session-token over HTTPS).",
  },
  guestSession: {
    type: "apiKey",
    in: "header",
    name: "x-guest-session-id",
    description:
      "A guest session from GET /api/batch/guest-session; may also be sent as the guest_session_id query parameter or form field.",
  },
} as const;

type SecurityRequirement = Partial<Record<keyof typeof SECURITY_SCHEMES, string[]>>;

/** The OpenAPI security requirements (alternatives) for a route's auth mode; undefined means open. */
export function securityFor(mode: AuthMode, surface: Surface): SecurityRequirement[] | undefined {
  const apiKey: SecurityRequirement[] = [{ bearerApiKey: [] }, { apiKeyHeader: [] }];
  const user: SecurityRequirement[] = surface === "v1" ? apiKey : [{ bearerJwt: [] }, ...apiKey, { sessionCookie: [] }];
  switch (mode) {
    case "none":
      return undefined;
    case "api_key":
      return apiKey;
    case "user":
      return user;
    case "user_or_guest":
      return [...user, { guestSession: [] }];
    case "optional":
      // The empty requirement says credentials are optional.
      return [{}, ...user, { guestSession: [] }];
  }
}

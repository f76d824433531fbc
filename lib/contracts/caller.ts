import type { Db } from "@/lib/db";

/** The user columns request handlers may see; secrets (password hash, webhook secret) stay out. */
export const CALLER_USER_SELECT = {
  id: true,
  email: true,
  name: true,
  tier: true,
  tokenVersion: true,
  emailVerifiedAt: true,
  createdAt: true,
} as const;

export interface CallerUser {
  id: string;
  email: string;
  name: string | null;
  tier: string;
  tokenVersion: number;
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

export type UserCaller =
  | { kind: "user"; user: CallerUser; via: "jwt" | "session" }
  | { kind: "user"; user: CallerUser; via: "api_key"; apiKeyId: string };
export type GuestCaller = { kind: "guest"; guestSessionId: string };
export type AnonymousCaller = { kind: "anonymous" };
export type Caller = UserCaller | GuestCaller | AnonymousCaller;

/**
 * Who may call a route.
 * - none: nobody is identified (no database access); the caller is anonymous.
 * - optional: identifies a user or guest when credentials are sent, else anonymous; bad credentials are 401.
 * - user: a signed-in user (JWT, session cookie or API key on /api; API key on /v1).
 * - user_or_guest: a user, or a live guest session (guest_session_id).
 * - api_key: an API key only (Bearer sd_… or x-api-key), the /v1 default.
 */
export type AuthMode = "none" | "optional" | "user" | "user_or_guest" | "api_key";

/** The caller type a handler receives for each auth mode. */
export type CallerFor<M extends AuthMode> = M extends "user" | "api_key"
  ? UserCaller
  : M extends "user_or_guest"
    ? UserCaller | GuestCaller
    : M extends "none"
      ? AnonymousCaller
      : Caller;

/** The tables caller resolution reads; injected so tests pass their own database. */
export type CallerDb = Pick<Db, "user" | "apiKey" | "guestSession">;

"use client";

import type { z } from "zod";
import { ApiError } from "@/lib/client/api-error";
import { apiFetch } from "@/lib/client/api-fetch";
import type { GuestLimitsResponse, GuestSessionResponse } from "@/lib/guest/schemas";

export type GuestLimits = z.infer<typeof GuestLimitsResponse>;

// The guest session lives in this browser only: a guest has no account to keep it anywhere else.
const STORAGE_KEY = "docsvc.guestSessionId";

export function storedGuestSessionId(): string | null {
  return window.localStorage.getItem(STORAGE_KEY);
}

export function forgetGuestSession(): void {
  window.localStorage.removeItem(STORAGE_KEY);
}

function limitsOf(sessionId: string): Promise<GuestLimits> {
  return apiFetch<GuestLimits>(`/api/batch/guest-limits/${encodeURIComponent(sessionId)}`);
}

/** Refused although its allowance is not used up: the session expired or was claimed by an account. */
function isUnusable(limits: GuestLimits): boolean {
  return !limits.can_upload && limits.current_files < limits.max_files && limits.current_pages < limits.max_pages;
}

/**
 * The allowance of the guest session stored in this browser, or null when there is none. Creates
 * nothing: merely opening a page must not spend one of the address's daily guest sessions. A stored
 * session the server no longer knows, or one that expired or was claimed, is forgotten; a used-up
 * session is kept so its result stays reachable.
 */
export async function loadStoredGuestSession(): Promise<GuestLimits | null> {
  const stored = storedGuestSessionId();
  if (!stored) return null;
  try {
    const limits = await limitsOf(stored);
    if (!isUnusable(limits)) return limits;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  forgetGuestSession();
  return null;
}

/** The browser's guest session, created when there is none yet: call it when the guest chooses a file. */
export async function ensureGuestSession(): Promise<GuestLimits> {
  const stored = await loadStoredGuestSession();
  if (stored) return stored;
  const session = await apiFetch<z.infer<typeof GuestSessionResponse>>("/api/batch/guest-session");
  window.localStorage.setItem(STORAGE_KEY, session.session_id);
  return limitsOf(session.session_id);
}

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
 * The browser's guest session with what it may still upload. A stored session the server no longer
 * knows, or one that expired or was claimed, is replaced by a new one; a used-up session is kept so
 * its result stays reachable.
 */
export async function ensureGuestSession(): Promise<GuestLimits> {
  const stored = storedGuestSessionId();
  if (stored) {
    try {
      const limits = await limitsOf(stored);
      if (!isUnusable(limits)) return limits;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    forgetGuestSession();
  }
  const session = await apiFetch<z.infer<typeof GuestSessionResponse>>("/api/batch/guest-session");
  window.localStorage.setItem(STORAGE_KEY, session.session_id);
  return limitsOf(session.session_id);
}

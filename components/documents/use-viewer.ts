"use client";

import { useMemo } from "react";
import { useHydrated } from "@/lib/client/use-hydrated";
import type { Viewer } from "./batch-api";
import { storedGuestSessionId } from "./guest-session";

/**
 * Who the screen asks as: a signed-in person, or the guest session kept in this browser (known only
 * after hydration, hence undefined until then).
 */
export function useViewer(signedIn: boolean): Viewer | undefined {
  const hydrated = useHydrated();
  const guestSessionId = hydrated && !signedIn ? (storedGuestSessionId() ?? undefined) : undefined;
  return useMemo(
    () => (signedIn ? {} : hydrated ? { guestSessionId } : undefined),
    [signedIn, hydrated, guestSessionId],
  );
}

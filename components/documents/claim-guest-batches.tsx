"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import { useHydrated } from "@/lib/client/use-hydrated";
import { claimGuestBatches } from "./batch-api";
import { forgetGuestSession, storedGuestSessionId } from "./guest-session";
import { batchPath } from "./paths";

/**
 * After signing up: moves what this browser uploaded as a guest to the new account, then opens it.
 * The guest session is forgotten afterwards, since it no longer opens anything.
 */
export function ClaimGuestBatches() {
  const router = useRouter();
  const hydrated = useHydrated();
  // Read once: after the claim the stored session is forgotten, and the screen must not flip to "nothing".
  const [guestSessionId] = useState(() => (typeof window === "undefined" ? undefined : storedGuestSessionId()));
  const [error, setError] = useState<ApiError>();

  useEffect(() => {
    if (!guestSessionId) return;
    claimGuestBatches(guestSessionId).then(
      (result) => {
        forgetGuestSession();
        const [only] = result.claimed_batches;
        router.replace(result.claimed_count === 1 && only ? batchPath(only) : "/batches");
      },
      (thrown: unknown) => setError(thrown instanceof ApiError ? thrown : new ApiError(0, String(thrown))),
    );
  }, [guestSessionId, router]);

  if (!hydrated || (guestSessionId && !error))
    return <Spinner label="Moving your guest upload to your account…" className="min-h-32" />;
  const goOn = (
    <Link href="/batches" className={buttonClasses("secondary")}>
      Go to your batches
    </Link>
  );
  if (!error) {
    return (
      <Alert tone="info" title="Nothing to keep" action={goOn}>
        This browser has no guest upload to move to your account.
      </Alert>
    );
  }
  return (
    <Alert tone="error" title="Your guest upload could not be moved" action={goOn}>
      {error.status === 404 ? "The guest session has expired or was already kept by another account." : error.message}
    </Alert>
  );
}

"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Starts next-auth's OAuth flow with the configured identity provider; the browser leaves the page. */
export function IdentityProviderButton({
  providerId,
  providerName,
  next,
}: {
  providerId: string;
  providerName: string;
  next: string;
}) {
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();

  function start() {
    setStarting(true);
    setError(undefined);
    signIn(providerId, { callbackUrl: next }).catch((thrown: unknown) => {
      setStarting(false);
      setError(
        `Could not start signing in with ${providerName}: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
      );
    });
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="secondary" className="w-full" loading={starting} onClick={start}>
        Sign in with {providerName}
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}

"use client";

import { signOutTo } from "@/lib/client/sign-out";
import { useState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";

/** Ends this browser's session (next-auth clears its cookie) and goes to the start page. */
export function SignOutButton({ variant = "secondary", className }: { variant?: ButtonVariant; className?: string }) {
  const [state, setState] = useState<"idle" | "signing-out" | "failed">("idle");
  return (
    <span className="inline-flex items-center gap-2">
      <Button
        variant={variant}
        className={className}
        loading={state === "signing-out"}
        onClick={() => {
          setState("signing-out");
          signOutTo("/").catch(() => setState("failed"));
        }}
      >
        Sign out
      </Button>
      {state === "failed" ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-400">
          Sign-out failed; try again.
        </span>
      ) : null}
    </span>
  );
}

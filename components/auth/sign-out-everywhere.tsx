"use client";

import { signOutTo } from "@/lib/client/sign-out";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/** Revokes every session and access token (API keys keep working), then leaves this browser signed out. */
export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        title="Sign out on every device?"
        confirmLabel="Sign out everywhere"
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          await apiFetch("/api/auth/sign-out-everywhere", { method: "POST" });
          await signOutTo("/sign-in");
        }}
      >
        Every browser session and access token ends now, this one included. API keys are not affected.
      </ConfirmDialog>
    </>
  );
}

"use client";

import { signOutTo } from "@/lib/client/sign-out";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/text-field";

/**
 * Deletes the account after asking again: the password, or the email for accounts that only sign
 * in through the identity provider (what DELETE /api/users/me requires).
 */
export function DeleteAccount({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState("");

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete account for good"
        onClose={() => {
          setOpen(false);
          setConfirmation("");
        }}
        onConfirm={async () => {
          if (!confirmation)
            throw new Error(hasPassword ? "Enter your password to confirm." : "Enter your email to confirm.");
          await apiFetch("/api/users/me", {
            method: "DELETE",
            body: hasPassword ? { password: confirmation } : { confirm_email: confirmation },
          });
          await signOutTo("/");
        }}
      >
        <p className="mb-4">
          This deletes every batch, document, stored file, job, API key and usage record of {email}. It cannot be
          undone.
        </p>
        <TextField
          label={hasPassword ? "Your password" : "Your email"}
          type={hasPassword ? "password" : "email"}
          autoComplete={hasPassword ? "current-password" : "email"}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          required
        />
      </ConfirmDialog>
    </>
  );
}

"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";

const SECRET_PATH = "/api/users/me/webhook-secret";

/** The webhook signing secret: hidden until asked for, copyable, and rotatable after a confirmation. */
export function WebhookSecretPanel() {
  const [secret, setSecret] = useState<string>();
  const [revealing, setRevealing] = useState(false);
  const [error, setError] = useState<string>();
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [rotated, setRotated] = useState(false);

  async function reveal() {
    setRevealing(true);
    setError(undefined);
    try {
      setSecret((await apiFetch<{ secret: string }>(SECRET_PATH)).secret);
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setRevealing(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      {error ? (
        <Alert tone="error" title="Could not load the secret">
          {error}
        </Alert>
      ) : null}
      {rotated ? (
        <Alert tone="success">
          New secret created. Deliveries are signed with it from now on; update your receiver.
        </Alert>
      ) : null}
      <div className="flex flex-col gap-2">
        <label htmlFor="webhook-secret" className="text-sm font-medium">
          Signing secret
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret ?? "whsec_••••••••••••••••••••••••"}
          aria-describedby="webhook-secret-hint"
          className="w-full rounded-md border border-line bg-surface-muted px-3 py-2 font-mono text-sm text-ink"
          data-testid="webhook-secret"
        />
        <p id="webhook-secret-hint" className="text-sm text-ink-muted">
          Keep it on your server. It verifies the webhook-signature header of every delivery.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {secret ? (
          <>
            <CopyButton text={secret} label="Copy secret" />
            <Button variant="ghost" onClick={() => setSecret(undefined)}>
              Hide
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={reveal} loading={revealing}>
            Reveal secret
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirmRotate(true)}>
          Rotate secret
        </Button>
      </div>
      <ConfirmDialog
        open={confirmRotate}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        onClose={() => setConfirmRotate(false)}
        onConfirm={async () => {
          const answer = await apiFetch<{ secret: string }>(SECRET_PATH, { method: "POST" });
          setSecret(answer.secret);
          setRotated(true);
          setConfirmRotate(false);
        }}
      >
        The current secret stops working at once: deliveries, retries included, are signed with the new one. Update your
        receiver right after.
      </ConfirmDialog>
    </div>
  );
}

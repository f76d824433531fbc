"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { useApiResource } from "@/lib/client/use-api-resource";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { ApiKeyTable } from "./api-key-table";
import { maskedKey, type ApiKeySummary, type CreatedApiKey } from "./api-key-types";
import { CreateApiKeyForm } from "./create-api-key-form";
import { NewApiKeyNotice } from "./new-api-key-notice";

/** Create, list and revoke the signed-in user's API keys. */
export function ApiKeysPanel() {
  const keys = useApiResource<ApiKeySummary[]>("/api/users/me/api-keys");
  const [created, setCreated] = useState<CreatedApiKey>();
  const [revoking, setRevoking] = useState<ApiKeySummary>();

  return (
    <div className="flex flex-col gap-6">
      <CreateApiKeyForm
        onCreated={(key) => {
          setCreated(key);
          keys.reload();
        }}
      />
      {created ? <NewApiKeyNotice apiKey={created} onDismiss={() => setCreated(undefined)} /> : null}

      {keys.status === "loading" ? <Spinner label="Loading your keys…" className="min-h-24" /> : null}
      {keys.status === "error" ? (
        <Alert
          tone="error"
          title="Could not load your keys"
          action={
            <Button variant="secondary" onClick={keys.reload}>
              Try again
            </Button>
          }
        >
          {keys.error.message}
        </Alert>
      ) : null}
      {keys.status === "ready" && keys.data.length === 0 ? (
        <EmptyState title="No API keys yet">Create one above to call the /v1 API from your code.</EmptyState>
      ) : null}
      {keys.status === "ready" && keys.data.length > 0 ? <ApiKeyTable keys={keys.data} onRevoke={setRevoking} /> : null}

      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke key"
        onClose={() => setRevoking(undefined)}
        onConfirm={async () => {
          if (!revoking) return;
          await apiFetch(`/api/users/me/api-keys/${encodeURIComponent(revoking.key_id)}`, { method: "DELETE" });
          setRevoking(undefined);
          keys.reload();
        }}
      >
        Requests with {revoking ? maskedKey(revoking) : "this key"} will be refused from now on (401). This cannot be
        undone.
      </ConfirmDialog>
    </div>
  );
}

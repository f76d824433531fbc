"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { apiFetch } from "@/lib/client/api-fetch";
import type { TestWebhookResponse } from "@/lib/webhooks/send-test-webhook";
import type { z } from "zod";

type Outcome = z.infer<typeof TestWebhookResponse>;

/** Sends one signed test event to a URL and says how the receiver answered. */
export function SendTestEventForm() {
  const [url, setUrl] = useState("");
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [error, setError] = useState<string>();

  return (
    <form
      aria-label="Send a test event"
      className="flex flex-col gap-3"
      onSubmit={async (event) => {
        event.preventDefault();
        setSending(true);
        setError(undefined);
        setOutcome(undefined);
        try {
          setOutcome(
            await apiFetch<Outcome>("/api/users/me/webhook-deliveries/test", { method: "POST", body: { url } }),
          );
        } catch (thrown) {
          setError(thrown instanceof Error ? thrown.message : String(thrown));
        } finally {
          setSending(false);
        }
      }}
    >
      <div className="flex flex-wrap items-start gap-2">
        <TextField
          label="Receiver URL"
          type="url"
          required
          value={url}
          placeholder="https://example.com/hooks/docsvc"
          onChange={(event) => setUrl(event.target.value)}
          hint="Gets one signed webhook.test event now; nothing is retried or kept."
          error={error}
          className="min-w-0 flex-1"
        />
        <Button type="submit" className="mt-6" loading={sending} disabled={url.trim() === ""}>
          Send test event
        </Button>
      </div>
      {outcome ? (
        <Alert
          tone={outcome.delivered ? "success" : "warning"}
          title={outcome.delivered ? "Delivered" : "Not delivered"}
        >
          {outcome.delivered
            ? `The receiver answered HTTP ${outcome.status_code} in ${outcome.duration_ms} ms (webhook-id ${outcome.webhook_id}).`
            : `${outcome.error ?? "No answer"} after ${outcome.duration_ms} ms.`}
        </Alert>
      ) : null}
    </form>
  );
}

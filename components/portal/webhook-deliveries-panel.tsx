"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api-fetch";
import { useApiResource } from "@/lib/client/use-api-resource";
import type { WebhookDeliveryLogEntry } from "@/lib/webhooks/list-user-webhook-deliveries";
import { formatDateTime } from "./format";
import { SendTestEventForm } from "./send-test-event-form";

const LOG_PATH = "/api/users/me/webhook-deliveries";

const STATUS_LABELS: Record<WebhookDeliveryLogEntry["status"], string> = {
  pending: "Pending",
  delivered: "Delivered",
  undeliverable: "Undeliverable",
};

function lastAttempt(delivery: WebhookDeliveryLogEntry): string {
  const attempt = delivery.attempts.at(-1);
  if (!attempt) return "not tried yet";
  const answer = attempt.status_code === null ? (attempt.error ?? "no answer") : `HTTP ${attempt.status_code}`;
  return `${delivery.attempts.length} attempt${delivery.attempts.length === 1 ? "" : "s"}, last: ${answer}`;
}

/** The delivery log of every job's webhook, newest first, with a way to send one again. */
export function WebhookDeliveriesPanel() {
  const log = useApiResource<WebhookDeliveryLogEntry[]>(LOG_PATH);
  const [sending, setSending] = useState<string>();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();

  async function redeliver(delivery: WebhookDeliveryLogEntry) {
    setSending(delivery.id);
    setNotice(undefined);
    try {
      await apiFetch(`${LOG_PATH}/${delivery.id}/redeliver`, { method: "POST" });
      setNotice({ tone: "success", text: `Sending job ${delivery.job_id.slice(0, 8)}'s webhook again.` });
      log.reload();
    } catch (thrown) {
      setNotice({ tone: "error", text: thrown instanceof Error ? thrown.message : String(thrown) });
    } finally {
      setSending(undefined);
    }
  }

  if (log.status === "error")
    return (
      <Alert tone="error" title="The delivery log could not be loaded">
        {log.error.message}
      </Alert>
    );
  if (log.status === "loading") return <p className="text-sm text-ink-muted">Loading deliveries…</p>;
  return (
    <div className="flex flex-col gap-3">
      <SendTestEventForm />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {log.data.length === 0
            ? "No deliveries yet: give webhook_url on a /v1 request and its result is sent there."
            : `The latest ${log.data.length} deliveries, newest first.`}
        </p>
        <Button variant="secondary" className="px-3 py-1.5" onClick={log.reload}>
          Refresh
        </Button>
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {log.data.length > 0 ? (
        <ul
          className="flex flex-col divide-y divide-line rounded-lg border border-line"
          aria-label="Webhook deliveries"
        >
          {log.data.map((delivery) => (
            <li key={delivery.id} className="flex flex-col gap-1 p-3 text-sm" data-testid="webhook-delivery">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">
                  {STATUS_LABELS[delivery.status]} · {delivery.job_type} job {delivery.job_id.slice(0, 8)}
                </span>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  loading={sending === delivery.id}
                  onClick={() => redeliver(delivery)}
                  aria-label={`Redeliver the webhook of job ${delivery.job_id.slice(0, 8)}`}
                >
                  Redeliver
                </Button>
              </div>
              <p className="break-all font-mono text-xs text-ink-muted">{delivery.url}</p>
              <p className="text-ink-muted">
                {formatDateTime(delivery.created_at)} · {lastAttempt(delivery)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

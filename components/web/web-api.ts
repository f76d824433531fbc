import type { z } from "zod";
import type { BatchUploadResponse } from "@/lib/batches/schemas";
import { toApiError } from "@/lib/client/api-error";
import { apiFetch } from "@/lib/client/api-fetch";
import type { WebPreviewResponse, WebSubmitResponse, WebUpdateResponse } from "@/lib/web/schemas";

export type WebPreview = z.infer<typeof WebPreviewResponse>;
export type WebUpdate = z.infer<typeof WebUpdateResponse>;
export type WebSubmit = z.infer<typeof WebSubmitResponse>;

export const previewPage = (url: string) =>
  apiFetch<WebPreview>("/api/batch/web-preview", { method: "POST", body: { url, keep_session: true } });

export const updateFields = (sessionId: string, fields: Array<{ field: string; value: string }>) =>
  apiFetch<WebUpdate>("/api/batch/web-update", { method: "POST", body: { session_id: sessionId, fields } });

export const submitForm = (sessionId: string) =>
  apiFetch<WebSubmit>("/api/batch/web-submit", { method: "POST", body: { session_id: sessionId } });

/** POST /api/batch/url takes a urlencoded form, as the spec says. */
export async function addWebPage(url: string, batchName?: string): Promise<z.infer<typeof BatchUploadResponse>> {
  const form = new URLSearchParams({ url });
  if (batchName) form.set("batch_name", batchName);
  const response = await fetch("/api/batch/url", {
    method: "POST",
    body: form,
    credentials: "same-origin",
    headers: { accept: "application/json" },
  });
  const body = await jsonOf(response);
  if (!response.ok) throw toApiError(response.status, body);
  return body as z.infer<typeof BatchUploadResponse>;
}

export interface FillEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Starts web-fill and hands each server-sent event to `onEvent` as it arrives. */
export async function streamFill(
  body: Record<string, unknown>,
  onEvent: (event: FillEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch("/api/batch/web-fill", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    credentials: "same-origin",
    signal,
  });
  if (!response.ok || !response.body) throw toApiError(response.status, await jsonOf(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) onEvent({ event, data: JSON.parse(data) as Record<string, unknown> });
    }
  }
}

async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page: the status alone says what happened.
    return undefined;
  }
}

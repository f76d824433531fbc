"use client";

import { useCallback, useRef, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { toApiError } from "@/lib/client/api-error";
import { applyChunk, fromStoredMessage } from "./apply-chunk";
import type { ChatMessage } from "./chat-types";
import { readEventStream } from "./read-event-stream";

export interface ChatScope {
  batchId?: string;
  documentIds?: string[];
}

let nextId = 0;
const localId = () => `local-${Date.now()}-${nextId++}`;

/** One conversation: ask (streams the answer in), open a saved session, start over, stop. */
export function useDocumentChat(scope: ChatScope, onSaved?: () => void) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sessionId, setSessionId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const running = useRef<AbortController | null>(null);

  const updateLast = (update: (message: ChatMessage) => ChatMessage) =>
    setMessages((current) => [...current.slice(0, -1), update(current.at(-1)!)]);

  const ask = useCallback(
    async (question: string) => {
      const controller = new AbortController();
      running.current = controller;
      setBusy(true);
      setError(undefined);
      setMessages((current) => [
        ...current,
        { id: localId(), role: "user", parts: [{ type: "text", text: question }] },
        { id: localId(), role: "assistant", parts: [] },
      ]);
      try {
        const response = await fetch("/api/batch/document-chat", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream" },
          credentials: "same-origin",
          signal: controller.signal,
          body: JSON.stringify({
            message: question,
            session_id: sessionId,
            batch_id: scope.batchId,
            document_ids: scope.documentIds,
          }),
        });
        if (!response.ok || !response.body) {
          const text = await response.text();
          throw toApiError(response.status, text ? JSON.parse(text) : undefined);
        }
        await readEventStream(response.body, (chunk) => {
          const metadata = chunk.messageMetadata as { session_id?: string } | undefined;
          if (chunk.type === "start" && metadata?.session_id) setSessionId(metadata.session_id);
          updateLast((message) => applyChunk(message, chunk));
        });
        onSaved?.();
      } catch (thrown) {
        if (thrown instanceof DOMException && thrown.name === "AbortError") return;
        setMessages((current) => (current.at(-1)?.parts.length === 0 ? current.slice(0, -2) : current));
        setError(thrown instanceof Error ? thrown.message : String(thrown));
      } finally {
        running.current = null;
        setBusy(false);
      }
    },
    [scope.batchId, scope.documentIds, sessionId, onSaved],
  );

  const open = useCallback(async (id: string) => {
    running.current?.abort();
    setError(undefined);
    try {
      const session = await apiFetch<{ session_id: string; messages: Parameters<typeof fromStoredMessage>[0][] }>(
        `/api/batch/document-chat/sessions/${id}`,
      );
      setSessionId(session.session_id);
      setMessages(session.messages.map(fromStoredMessage));
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    }
  }, []);

  const reset = useCallback(() => {
    running.current?.abort();
    setSessionId(undefined);
    setMessages([]);
    setError(undefined);
  }, []);

  const stop = useCallback(() => running.current?.abort(), []);

  return { messages, sessionId, busy, error, ask, open, reset, stop };
}

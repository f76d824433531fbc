"use client";

import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { useCallback, useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import { toApiError } from "@/lib/client/api-error";
import type { ChatMessage } from "./chat-types";

export interface ChatScope {
  batchId?: string;
  documentIds?: string[];
}

/** The transport's fetch: a refused question (402, 404, 422, …) becomes the API's error, in its own words. */
async function fetchAnswer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (response.ok) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  throw toApiError(response.status, body);
}

const textOf = (message: ChatMessage | undefined) =>
  (message?.parts ?? []).map((part) => (part.type === "text" ? part.text : "")).join("");

// The server keeps the conversation: each request carries the new question and the session it continues,
// as POST /api/batch/document-chat takes them, and the answer streams back in the UI message protocol.
const transport = new DefaultChatTransport<ChatMessage>({
  api: "/api/batch/document-chat",
  credentials: "same-origin",
  headers: { accept: "text/event-stream" },
  fetch: fetchAnswer,
  prepareSendMessagesRequest: ({ messages, body }) => ({ body: { ...body, message: textOf(messages.at(-1)) } }),
});

/** One conversation on the AI SDK's `useChat`: ask (streams the answer in), open a saved session, start over, stop. */
export function useDocumentChat(scope: ChatScope, onSaved?: () => void) {
  const [openedSessionId, setOpenedSessionId] = useState<string>();
  const [openError, setOpenError] = useState<string>();
  const chat = useChat<ChatMessage>({
    transport,
    onFinish: () => onSaved?.(),
    // A refused question was not saved: it leaves the conversation, and the error says why.
    onError: () => chat.setMessages((current) => (current.at(-1)?.role === "user" ? current.slice(0, -1) : current)),
  });
  const { messages, setMessages, sendMessage, clearError, stop } = chat;
  // The session an answer was saved in comes with its start; a reopened session may hold no answer yet.
  const sessionId =
    messages.findLast((message) => message.metadata?.session_id)?.metadata?.session_id ?? openedSessionId;

  const ask = useCallback(
    (question: string) => {
      setOpenError(undefined);
      return sendMessage(
        { text: question },
        { body: { session_id: sessionId, batch_id: scope.batchId, document_ids: scope.documentIds } },
      );
    },
    [sendMessage, sessionId, scope.batchId, scope.documentIds],
  );

  const open = useCallback(
    async (id: string) => {
      await stop();
      clearError();
      setOpenError(undefined);
      try {
        const session = await apiFetch<{ session_id: string; messages: ChatMessage[] }>(
          `/api/batch/document-chat/sessions/${id}`,
        );
        setOpenedSessionId(session.session_id);
        setMessages(session.messages);
      } catch (thrown) {
        setOpenError(thrown instanceof Error ? thrown.message : String(thrown));
      }
    },
    [stop, clearError, setMessages],
  );

  const reset = useCallback(() => {
    void stop();
    clearError();
    setOpenError(undefined);
    setOpenedSessionId(undefined);
    setMessages([]);
  }, [stop, clearError, setMessages]);

  return {
    messages,
    sessionId,
    busy: chat.status === "submitted" || chat.status === "streaming",
    waiting: chat.status === "submitted",
    error: openError ?? chat.error?.message,
    ask,
    open,
    reset,
    stop,
  };
}

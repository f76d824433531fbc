"use client";

import { useMemo, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import { ChatMessageView } from "./chat-message-view";
import type { ChatCitation } from "./chat-types";
import { useChatSessions } from "./use-chat-sessions";
import { useDocumentChat } from "./use-document-chat";

export interface DocumentChatPanelProps {
  /** Chat over this batch (and sessions filtered by it). */
  batchId?: string;
  /** Chat over this one document (and its sessions). Neither: the whole library. */
  documentId?: string;
  title: string;
  onCitation: (citation: ChatCitation) => void;
}

/** Ask questions of documents: streaming answers with tool activity, charts, files and clickable citations; saved sessions beside. */
export function DocumentChatPanel({ batchId, documentId, title, onCitation }: DocumentChatPanelProps) {
  const scope = useMemo(() => ({ batchId, documentIds: documentId ? [documentId] : undefined }), [batchId, documentId]);
  const sessions = useChatSessions({ batchId, documentId });
  const chat = useDocumentChat(scope, sessions.refresh);
  const [question, setQuestion] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = question.trim();
    if (!text || chat.busy) return;
    setQuestion("");
    void chat.ask(text);
  }

  return (
    <section
      aria-label={title}
      className="grid gap-3 rounded-md border border-line p-3 md:grid-cols-[14rem_minmax(0,1fr)]"
      data-testid="chat-panel"
    >
      <nav aria-label="Saved chats" className="flex flex-col gap-2 text-sm">
        <Button variant="secondary" onClick={chat.reset}>
          New chat
        </Button>
        {sessions.error ? <p className="text-red-700">{sessions.error}</p> : null}
        {sessions.sessions.length === 0 ? <p className="text-ink-muted">No saved chats yet.</p> : null}
        <ul className="flex flex-col gap-1" data-testid="chat-sessions">
          {sessions.sessions.map((session) => (
            <li
              key={session.session_id}
              className={`flex items-center gap-1 rounded ${session.session_id === chat.sessionId ? "bg-surface-muted" : ""}`}
            >
              <button
                type="button"
                onClick={() => void chat.open(session.session_id)}
                className={`min-w-0 flex-1 truncate px-2 py-1 text-left ${FOCUS_RING}`}
                title={session.title ?? "Chat"}
              >
                {session.title ?? "Chat"}
              </button>
              <button
                type="button"
                onClick={() => {
                  if (session.session_id === chat.sessionId) chat.reset();
                  void sessions.remove(session.session_id);
                }}
                aria-label={`Delete chat ${session.title ?? ""}`}
                className={`px-1 text-ink-muted hover:text-red-700 ${FOCUS_RING}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex min-w-0 flex-col gap-3">
        <h2 className="text-lg font-semibold">{title}</h2>
        <div
          className="flex max-h-[32rem] flex-col gap-3 overflow-y-auto"
          aria-live="polite"
          data-testid="chat-messages"
        >
          {chat.messages.length === 0 ? (
            <p className="text-sm text-ink-muted">
              Ask about totals, dates, parties or anything written in the documents. Answers cite the page and the words
              they come from.
            </p>
          ) : null}
          {chat.messages.map((message) => (
            <ChatMessageView key={message.id} message={message} onCitation={onCitation} />
          ))}
          {chat.waiting ? <Spinner label="Thinking…" /> : null}
        </div>
        {chat.error ? <Alert tone="error">{chat.error}</Alert> : null}
        <form onSubmit={submit} className="flex items-end gap-2">
          <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
            <span className="sr-only">Your question</span>
            <textarea
              value={question}
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) submit(event);
              }}
              rows={2}
              maxLength={20_000}
              placeholder="What is the total due?"
              className={`w-full rounded-md border border-line bg-surface px-3 py-2 text-ink ${FOCUS_RING}`}
            />
          </label>
          {chat.busy ? (
            <Button variant="secondary" onClick={() => void chat.stop()}>
              Stop
            </Button>
          ) : (
            <Button type="submit" disabled={!question.trim()}>
              Ask
            </Button>
          )}
        </form>
      </div>
    </section>
  );
}

import { randomUUID } from "node:crypto";
import type { ModelMessage, UIMessage } from "ai";
import { AppError } from "@/lib/errors/app-error";
import { maxChatMessages, messageText, type ChatMessageInput, type DocumentChatRequest } from "./schemas";

/** Metadata of an answer: which engine gave it, in which session, and the provider's error if any. */
export interface AnswerMetadata {
  engine: string;
  session_id: string;
  error?: string;
}

/** A stored conversation message: the AI SDK's UI message shape. */
export type StoredMessage = UIMessage<AnswerMetadata | undefined>;

export function toStoredMessage(message: ChatMessageInput): StoredMessage {
  const parts = (message.parts ?? [{ type: "text", text: message.content ?? "" }]) as StoredMessage["parts"];
  return {
    id: message.id ?? randomUUID(),
    role: message.role,
    parts,
    ...(message.metadata ? { metadata: message.metadata as AnswerMetadata } : {}),
  };
}

/**
 * The conversation a request continues: its messages, or the saved session's messages plus its one
 * message. It must end with the user's question and stay within the message limit.
 */
export function conversationOf(request: DocumentChatRequest, saved: unknown[] | null): StoredMessage[] {
  const base = request.messages ? request.messages.map(toStoredMessage) : ((saved ?? []) as StoredMessage[]);
  const conversation =
    request.message !== undefined ? [...base, toStoredMessage({ role: "user", content: request.message })] : base;
  if (conversation.length > maxChatMessages) {
    throw new AppError(
      "validation_error",
      `A conversation may have at most ${maxChatMessages} messages; this one would have ${conversation.length}. Start a new session.`,
    );
  }
  const last = conversation.at(-1);
  if (!last || last.role !== "user" || !messageText(last).trim())
    throw new AppError("validation_error", "The conversation must end with the user's question.");
  return conversation;
}

/** The conversation as the model reads it: the text of user and assistant turns. */
export function toModelMessages(conversation: StoredMessage[]): ModelMessage[] {
  return conversation.flatMap((message): ModelMessage[] => {
    const text = messageText(message).trim();
    if (!text || message.role === "system") return [];
    return [message.role === "user" ? { role: "user", content: text } : { role: "assistant", content: text }];
  });
}

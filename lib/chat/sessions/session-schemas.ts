import { z } from "zod";
import { ChatMessageInput } from "../schemas";

export const DocumentChatSessionSave = z.object({
  session_id: z
    .string()
    .optional()
    .describe("Replace this saved session's title and messages instead of creating one."),
  title: z.string().max(200).optional(),
  batch_id: z.string().optional().describe("The batch the chat is about (must be the caller's)."),
  document_id: z.string().optional().describe("The document the chat is about (must be the caller's)."),
  document_name: z.string().max(500).optional(),
  messages: z
    .array(ChatMessageInput)
    .max(1000)
    .default([])
    .describe("The conversation as UI messages, with tool parts and data-citation parts."),
});
export type DocumentChatSessionSave = z.infer<typeof DocumentChatSessionSave>;

export const ChatSessionsQuery = z.object({
  batch_id: z.string().optional(),
  document_id: z.string().optional(),
  document_name: z.string().optional().describe("Sessions whose document name contains this text (any case)."),
});

export const ChatSessionSummary = z.object({
  session_id: z.string(),
  title: z.string().nullable(),
  batch_id: z.string().nullable(),
  document_id: z.string().nullable(),
  document_name: z.string().nullable(),
  message_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const ChatSessionResponse = ChatSessionSummary.extend({
  messages: z
    .array(z.record(z.string(), z.unknown()))
    .describe("UI messages; data-citation parts whose document was deleted carry gone: true."),
});

export const ChatSessionList = z.object({ sessions: z.array(ChatSessionSummary) });
export const ChatSessionDeleted = z.object({ session_id: z.string(), deleted: z.literal(true) });

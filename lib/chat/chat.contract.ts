import { z } from "zod";
import { defineRoute } from "@/lib/http/contract";
import { DocumentChatRequest } from "./schemas";
import { ChatSessionDeleted, ChatSessionList, ChatSessionResponse, ChatSessionSummary, ChatSessionsQuery, DocumentChatSessionSave } from "./sessions/session-schemas";

const tags = ["Document chat"];
const SessionParams = z.object({ session_id: z.string() });

export const documentChatRoute = defineRoute({
  method: "POST",
  path: "/api/batch/document-chat",
  surface: "api",
  auth: "user",
  operationId: "documentChat",
  summary: "Ask questions of your documents; the answer streams as server-sent events",
  description:
    "Scope: batch_id, document_ids, or (neither) the caller's whole library. The answer is the AI SDK's UI message stream protocol over SSE, " +
    "each event named after its chunk type: start (messageMetadata: session_id, engine), tool-input-available / tool-output-available " +
    "(search_knowledge_base, fetch_documents, generate_chart, execute_python, generate_file), text-start / text-delta / text-end, file (chart PNGs), " +
    "data-citation (document_id, page, box, word_ids, quote — grounded on real page words), error, and finish (messageMetadata.engine: " +
    '"offline" for the embedded engine, "ai:<provider:model>" otherwise). The session is saved (see the sessions endpoints), also when the ' +
    "provider fails. With a provider, chat consumes tokens from the balance (402 when exhausted). Limits: 100 messages, 20,000 characters each.",
  tags,
  body: DocumentChatRequest,
  maxBodyBytes: 8 * 1024 * 1024,
  responses: {
    200: { description: "A text/event-stream of UI message chunks.", contentType: "text/event-stream" },
    400: { description: "The scope holds no processed document with text." },
    402: { description: "A provider is configured and the token balance is exhausted." },
    404: { description: "The batch, a document or the session is not the caller's." },
  },
});

export const saveChatSessionRoute = defineRoute({
  method: "POST",
  path: "/api/batch/document-chat/sessions",
  surface: "api",
  auth: "user",
  operationId: "documentChatSaveSession",
  summary: "Save a chat session (or replace one with session_id)",
  tags,
  body: DocumentChatSessionSave,
  maxBodyBytes: 16 * 1024 * 1024,
  responses: { 200: ChatSessionSummary, 404: { description: "The batch, document or session is not the caller's." } },
});

export const listChatSessionsRoute = defineRoute({
  method: "GET",
  path: "/api/batch/document-chat/sessions",
  surface: "api",
  auth: "user",
  operationId: "documentChatListSessions",
  summary: "List saved chat sessions, newest first",
  tags,
  query: ChatSessionsQuery,
  responses: { 200: ChatSessionList },
});

export const getChatSessionRoute = defineRoute({
  method: "GET",
  path: "/api/batch/document-chat/sessions/{session_id}",
  surface: "api",
  auth: "user",
  operationId: "documentChatGetSession",
  summary: "Open a saved chat session",
  description: "Citations of documents deleted since are marked gone: true; the session still opens.",
  tags,
  params: SessionParams,
  responses: { 200: ChatSessionResponse, 404: { description: "No such session among the caller's." } },
});

export const deleteChatSessionRoute = defineRoute({
  method: "DELETE",
  path: "/api/batch/document-chat/sessions/{session_id}",
  surface: "api",
  auth: "user",
  operationId: "documentChatDeleteSession",
  summary: "Delete a saved chat session",
  tags,
  params: SessionParams,
  responses: { 200: ChatSessionDeleted, 404: { description: "No such session among the caller's." } },
});

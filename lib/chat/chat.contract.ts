import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { AutomapRequest, AutomapResponse, MappingChatRequest, MappingChatResponse } from "./automap/automap-schemas";
import { DocumentChatRequest } from "./schemas";
import {
  ChatSessionDeleted,
  ChatSessionList,
  ChatSessionResponse,
  ChatSessionSummary,
  ChatSessionsQuery,
  DocumentChatSessionSave,
} from "./sessions/session-schemas";

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

const DocumentParams = z.object({ batch_id: z.string(), document_id: z.string() });

export const automapRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/document/{document_id}/automap",
  surface: "api",
  auth: "user",
  operationId: "batchDocumentAutomap",
  summary: "Map a document's data to a template's fields",
  description:
    "The template: template_fields, a spreadsheet in the library (template_file_id) or inline (template_base64), read as the Excel fill reads it. " +
    "The document's aggregated page data (key-values, one-row tables) is matched one-to-one by label similarity with type checks (offline engine). " +
    "cell_mappings can be sent as is to /v1/fill/excel with fill_mode explicit.",
  tags,
  params: DocumentParams,
  body: AutomapRequest,
  maxBodyBytes: 32 * 1024 * 1024,
  responses: {
    200: AutomapResponse,
    400: { description: "The template has no fields, or is not a spreadsheet." },
    404: { description: "The batch, document or library file is not the caller's." },
  },
});

export const mappingChatRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/document/{document_id}/chat",
  surface: "api",
  auth: "user",
  operationId: "batchDocumentMappingChat",
  summary: "Find the document's values for a question or a template field",
  description: "Ranked matches, each with its line as context, page, box and a 0–1 similarity.",
  tags,
  params: DocumentParams,
  body: MappingChatRequest,
  responses: { 200: MappingChatResponse, 404: { description: "The batch or document is not the caller's." } },
});

import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { BatchResultsQuery } from "./get-batch-results";
import { BatchHistoryQuery } from "./list-batch-history";
import { DocumentSearchQuery, DocumentSearchResponse } from "./search/search-document-text";
import { BatchHistoryResponse, BatchResultsResponse, BatchStatusResponse } from "./schemas";

const tags = ["Batches"];
const notFound = { description: "No such batch among the caller's own (other owners' ids answer 404 too)." };
const guestNote = " Guests send their guest_session_id (query parameter or x-guest-session-id header).";

export const getBatchStatusRoute = defineRoute({
  method: "GET",
  path: "/api/batch/status/{batch_id}",
  surface: "api",
  auth: "user_or_guest",
  operationId: "batchStatus",
  summary: "Status and progress of a batch and its documents",
  description:
    "Served from a cache for up to 2 seconds; every change made by this app instance clears it, so with one instance answers are current " +
    "and with several a change made elsewhere shows within 2 s." +
    guestNote,
  tags,
  params: z.object({ batch_id: z.string() }),
  query: z.object({ guest_session_id: z.string().optional() }),
  responses: { 200: BatchStatusResponse, 404: notFound },
});

export const getBatchResultsRoute = defineRoute({
  method: "GET",
  path: "/api/batch/results/{batch_id}",
  surface: "api",
  auth: "user_or_guest",
  operationId: "batchResults",
  summary: "Every document with its pages: text, bounding boxes, structured data, image URLs",
  description:
    "page_offset and page_limit select pages per document; total_pages is always given. document_id narrows the answer to one document " +
    "(404 when the batch has no such document)." +
    guestNote,
  tags,
  params: z.object({ batch_id: z.string() }),
  query: BatchResultsQuery,
  responses: {
    200: BatchResultsResponse,
    404: { description: "No such batch among the caller's own, or document_id names no document of it." },
  },
});

export const getBatchHistoryRoute = defineRoute({
  method: "GET",
  path: "/api/batch/history",
  surface: "api",
  auth: "user_or_guest",
  operationId: "batchHistory",
  summary: "The caller's batches, newest first",
  description: guestNote.trim(),
  tags,
  query: BatchHistoryQuery,
  responses: { 200: BatchHistoryResponse },
});

export const getBatchImageRoute = defineRoute({
  method: "GET",
  path: "/api/batch/image/{storage_key}",
  surface: "api",
  auth: "optional",
  operationId: "batchImage",
  summary: "Stream a stored page image",
  description:
    "storage_key is batches/{batch_id}/{document_id}/pages/{n}.png, as in the results' image_url, which already carries a token valid for an hour " +
    "and for that batch only (so it works in <img> tags for users and guests). An access token in token, a Bearer header, an API key, the session " +
    "cookie or a guest session work too. Keys outside the caller's batches answer 404. A single `Range: bytes=a-b` header is honoured (206).",
  tags,
  params: z.object({
    storage_key: z.string().describe("batches/{batch_id}/{document_id}/pages/{n}.png (slashes unescaped)."),
  }),
  query: z.object({ token: z.string().optional().describe("Image token from image_url, or an access token.") }),
  responses: {
    200: { description: "The PNG image.", contentType: "image/png" },
    206: { description: "The requested bytes of the PNG image (Content-Range says which).", contentType: "image/png" },
    401: { description: "No usable credential." },
    404: { description: "No such image among the caller's batches." },
  },
});

export const searchDocumentRoute = defineRoute({
  method: "GET",
  path: "/api/batch/{batch_id}/document/{document_id}/search",
  surface: "api",
  auth: "user_or_guest",
  operationId: "batchDocumentSearch",
  summary: "Find a word or phrase in a document's pages",
  description:
    "Searches the stored pages as corrected, in page order: each hit with its page, a snippet, and the boxes of the words it covers. " +
    "Case, accents and the punctuation around words are ignored; one word also matches inside longer words." +
    guestNote,
  tags,
  params: z.object({ batch_id: z.string(), document_id: z.string() }),
  query: DocumentSearchQuery,
  responses: {
    200: DocumentSearchResponse,
    404: { description: "No such document among the caller's own batches." },
  },
});

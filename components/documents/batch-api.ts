import { apiFetch } from "@/lib/client/api-fetch";
import type {
  BatchHistory,
  BatchResults,
  BatchStatus,
  BatchStatusValue,
  Box,
  PageStructure,
  ResultPage,
} from "./types";

/**
 * Who is asking: a signed-in person (the session cookie goes along by itself) or a guest, whose
 * session id goes in the query because a guest has no cookie.
 */
export interface Viewer {
  guestSessionId?: string;
}

function withGuest(path: string, viewer: Viewer, query: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  if (viewer.guestSessionId) params.set("guest_session_id", viewer.guestSessionId);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function fetchBatchStatus(viewer: Viewer, batchId: string, signal?: AbortSignal): Promise<BatchStatus> {
  return apiFetch(withGuest(`/api/batch/status/${encodeURIComponent(batchId)}`, viewer), { signal });
}

/** Narrows the batch list: text in a name or file name, a status, a span of days (YYYY-MM-DD). */
export interface BatchFilters {
  q?: string;
  status?: BatchStatusValue;
  created_from?: string;
  created_to?: string;
}

export function fetchBatchHistory(
  viewer: Viewer,
  page: { limit: number; offset: number } & BatchFilters,
  signal?: AbortSignal,
): Promise<BatchHistory> {
  return apiFetch(withGuest("/api/batch/history", viewer, { ...page }), { signal });
}

export function renameBatch(
  batchId: string,
  batchName: string,
): Promise<{ batch_name: string | null; message: string }> {
  return apiFetch(`/api/batch/${encodeURIComponent(batchId)}`, { method: "PATCH", body: { batch_name: batchName } });
}

export function deleteBatchDocument(batchId: string, documentId: string): Promise<{ batch_deleted: boolean }> {
  return apiFetch(`/api/batch/${encodeURIComponent(batchId)}/document/${encodeURIComponent(documentId)}`, {
    method: "DELETE",
  });
}

/** One window of pages of one document of the batch: the viewer asks for a few pages at a time. */
export function fetchDocumentResults(
  viewer: Viewer,
  batchId: string,
  documentId: string,
  window: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<BatchResults> {
  const query = { document_id: documentId, page_offset: window.offset, page_limit: window.limit };
  return apiFetch(withGuest(`/api/batch/results/${encodeURIComponent(batchId)}`, viewer, query), { signal });
}

export function retryBatch(batchId: string): Promise<{ retried_count: number; message: string }> {
  return apiFetch(`/api/batch/${encodeURIComponent(batchId)}/retry`, { method: "POST", body: {} });
}

export function deleteBatch(batchId: string): Promise<{ documents_deleted: number }> {
  return apiFetch(`/api/batch/${encodeURIComponent(batchId)}`, { method: "DELETE" });
}

export interface PageCorrection {
  page_number: number;
  extracted_text?: string;
  structured_data?: PageStructure;
  /** The page's words and lines as stored: sent back to restore them exactly (undo). */
  bounding_boxes?: Record<string, unknown>;
}

/** How a page's words changed when its new text was placed on them. */
export interface WordChangesSummary {
  page_number: number;
  kept: number;
  changed: number;
  inserted: number;
  removed: number;
  text_replaced: boolean;
}

/** Saves corrections of several pages in one transaction (all or none). */
export function saveDocumentCorrections(
  batchId: string,
  documentId: string,
  pages: PageCorrection[],
): Promise<{ edited_at: string; page_numbers: number[]; word_changes: WordChangesSummary[] }> {
  return apiFetch(`/api/batch/${encodeURIComponent(batchId)}/document/${encodeURIComponent(documentId)}`, {
    method: "PUT",
    body: pages,
  });
}

/** Corrects single words of a page; answers the page as stored (its text rebuilt from the words). */
export function saveWordCorrections(
  batchId: string,
  documentId: string,
  pageNumber: number,
  edits: Array<{ index: number; text: string }>,
): Promise<ResultPage> {
  return apiFetch(
    `/api/batch/${encodeURIComponent(batchId)}/document/${encodeURIComponent(documentId)}/page/${pageNumber}`,
    { method: "PUT", body: { word_edits: edits } },
  );
}

export function claimGuestBatches(
  guestSessionId: string,
): Promise<{ claimed_batches: string[]; claimed_count: number; message: string }> {
  return apiFetch("/api/batch/claim", { method: "POST", body: { guest_session_id: guestSessionId } });
}

export interface DocumentSearchHit {
  page_number: number;
  snippet: string;
  word_indices: number[];
  boxes: Box[];
}

/** A word or phrase across the document's stored pages, in page order. */
export function searchDocument(
  viewer: Viewer,
  batchId: string,
  documentId: string,
  query: string,
  signal?: AbortSignal,
): Promise<{ query: string; total_hits: number; truncated: boolean; hits: DocumentSearchHit[] }> {
  return apiFetch(
    withGuest(`/api/batch/${encodeURIComponent(batchId)}/document/${encodeURIComponent(documentId)}/search`, viewer, {
      q: query,
    }),
    { signal },
  );
}

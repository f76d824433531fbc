"use client";

import { useCallback, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { fetchDocumentResults, type Viewer } from "../batch-api";
import type { ResultDocumentBody, ResultPage } from "../types";

/** Pages fetched per request: a long document is read a few pages at a time, as they come into view. */
export const PAGE_WINDOW = 5;

export type DocumentMeta = Omit<ResultDocumentBody, "pages">;

function windowStart(pageNumber: number): number {
  return Math.floor((pageNumber - 1) / PAGE_WINDOW) * PAGE_WINDOW;
}

/**
 * A document's pages loaded on demand through page_offset/page_limit. ensurePage(n) fetches the
 * window holding page n once; a failed window may be asked for again.
 */
export function useDocumentPages(viewer: Viewer | undefined, batchId: string, documentId: string) {
  const [meta, setMeta] = useState<DocumentMeta>();
  const [pages, setPages] = useState<ReadonlyMap<number, ResultPage>>(new Map());
  const [error, setError] = useState<ApiError>();
  const [loadingWindows, setLoadingWindows] = useState<ReadonlySet<number>>(new Set());
  const requested = useRef(new Set<number>());
  const guestSessionId = viewer?.guestSessionId;
  const ready = viewer !== undefined;

  const loadWindow = useCallback(
    async (offset: number) => {
      setLoadingWindows((previous) => new Set(previous).add(offset));
      try {
        const results = await fetchDocumentResults({ guestSessionId }, batchId, documentId, {
          offset,
          limit: PAGE_WINDOW,
        });
        const document = results.documents.find((item) => item.document_id === documentId);
        if (!document) throw new ApiError(404, "This document is not in the batch.");
        const { pages: windowPages, ...rest } = document;
        setMeta(rest);
        setPages((previous) => {
          const next = new Map(previous);
          for (const page of windowPages) next.set(page.page_number, page);
          return next;
        });
        setError(undefined);
      } catch (thrown) {
        requested.current.delete(offset);
        setError(thrown instanceof ApiError ? thrown : new ApiError(0, String(thrown)));
      } finally {
        setLoadingWindows((previous) => {
          const next = new Set(previous);
          next.delete(offset);
          return next;
        });
      }
    },
    [batchId, documentId, guestSessionId],
  );

  const ensurePage = useCallback(
    (pageNumber: number) => {
      if (!ready || pageNumber < 1) return;
      const offset = windowStart(pageNumber);
      if (requested.current.has(offset)) return;
      requested.current.add(offset);
      void loadWindow(offset);
    },
    [ready, loadWindow],
  );

  /** Forget what was loaded (a page still being read), so the next look fetches it again. */
  const refetchPage = useCallback(
    (pageNumber: number) => {
      requested.current.delete(windowStart(pageNumber));
      ensurePage(pageNumber);
    },
    [ensurePage],
  );

  const replacePages = useCallback((updated: ResultPage[]) => {
    setPages((previous) => {
      const next = new Map(previous);
      for (const page of updated) next.set(page.page_number, page);
      return next;
    });
  }, []);

  const isLoading = useCallback((pageNumber: number) => loadingWindows.has(windowStart(pageNumber)), [loadingWindows]);

  return { meta, pages, error, ensurePage, refetchPage, replacePages, isLoading };
}

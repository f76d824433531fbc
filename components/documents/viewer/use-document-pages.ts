"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { fetchDocumentResults, type Viewer } from "../batch-api";
import type { ResultDocumentBody, ResultPage } from "../types";

/** Pages fetched per request: a long document is read a few pages at a time, as they come into view. */
export const PAGE_WINDOW = 5;

/** While pages are still being read, windows that came back short are asked for again this often. */
export const UNREAD_PAGES_POLL_MS = 3000;

const FINAL_STATUSES = new Set(["completed", "partially_completed", "failed"]);

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
  // Windows fetched before all their pages were read: their thumbnails and pages would stay blank otherwise.
  const unread = useRef(new Set<number>());
  const inFlight = useRef(new Set<number>());
  const guestSessionId = viewer?.guestSessionId;
  const ready = viewer !== undefined;

  const loadWindow = useCallback(
    async (offset: number) => {
      setLoadingWindows((previous) => new Set(previous).add(offset));
      inFlight.current.add(offset);
      try {
        const results = await fetchDocumentResults({ guestSessionId }, batchId, documentId, {
          offset,
          limit: PAGE_WINDOW,
        });
        const document = results.documents.find((item) => item.document_id === documentId);
        if (!document) throw new ApiError(404, "This document is not in the batch.");
        const { pages: windowPages, ...rest } = document;
        const expected = Math.min(PAGE_WINDOW, (rest.total_pages ?? offset + PAGE_WINDOW) - offset);
        if (windowPages.length < expected) unread.current.add(offset);
        else unread.current.delete(offset);
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
        inFlight.current.delete(offset);
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

  // Pages read after their window was fetched arrive without a reload: short windows are fetched
  // again until the document is finished, and once more when it has.
  const finished = meta ? FINAL_STATUSES.has(meta.status) : false;
  const hasMeta = meta !== undefined;
  useEffect(() => {
    if (!hasMeta) return;
    const refresh = () => {
      for (const offset of unread.current) if (!inFlight.current.has(offset)) void loadWindow(offset);
    };
    if (finished) {
      refresh();
      return;
    }
    const timer = setInterval(refresh, UNREAD_PAGES_POLL_MS);
    return () => clearInterval(timer);
  }, [hasMeta, finished, loadWindow]);

  const isLoading = useCallback((pageNumber: number) => loadingWindows.has(windowStart(pageNumber)), [loadingWindows]);

  return { meta, pages, error, ensurePage, refetchPage, replacePages, isLoading };
}

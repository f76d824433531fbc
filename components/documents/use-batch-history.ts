"use client";

import { useCallback, useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { fetchBatchHistory, type BatchFilters } from "./batch-api";
import { isSettled, type BatchHistory } from "./types";

export const HISTORY_POLL_MS = 3000;

export type BatchHistoryState = { history?: BatchHistory; error?: ApiError; reload: () => void };

/**
 * One page of the person's batches, refreshed by itself while any of them is still being read, so
 * statuses change on screen without a manual refresh.
 */
export function useBatchHistory(page: { limit: number; offset: number } & BatchFilters): BatchHistoryState {
  const [state, setState] = useState<{ history?: BatchHistory; error?: ApiError }>({});
  const [generation, setGeneration] = useState(0);
  const { limit, offset, q, status, created_from, created_to } = page;

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const history = await fetchBatchHistory(
          {},
          { limit, offset, q, status, created_from, created_to },
          controller.signal,
        );
        setState({ history });
        if (history.batches.some((batch) => !isSettled(batch.status))) timer = setTimeout(load, HISTORY_POLL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        setState((previous) => ({
          ...previous,
          error: error instanceof ApiError ? error : new ApiError(0, String(error)),
        }));
      }
    };
    void load();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [limit, offset, q, status, created_from, created_to, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload };
}

"use client";

import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { fetchBatchStatus, type Viewer } from "./batch-api";
import { isSettled, type BatchStatus } from "./types";

export const STATUS_POLL_MS = 1500;

export type BatchStatusState = { status?: BatchStatus; error?: ApiError };

/**
 * Follows a batch's status: polls while documents are queued or processing and stops once the batch
 * settles. `generation` restarts the polling (after a retry). A failed poll is shown and retried on
 * the next tick, so a brief network hiccup heals by itself.
 */
export function useBatchStatus(viewer: Viewer, batchId: string | undefined, generation = 0): BatchStatusState {
  const [state, setState] = useState<BatchStatusState>({});
  const guestSessionId = viewer.guestSessionId;

  useEffect(() => {
    if (!batchId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const status = await fetchBatchStatus({ guestSessionId }, batchId, controller.signal);
        setState({ status });
        if (!isSettled(status.status)) timer = setTimeout(poll, STATUS_POLL_MS);
      } catch (error) {
        if (controller.signal.aborted) return;
        const apiError = error instanceof ApiError ? error : new ApiError(0, String(error));
        setState((previous) => ({ ...previous, error: apiError }));
        // A batch that does not exist (or is not ours) will not appear by asking again.
        if (apiError.status !== 404 && apiError.status !== 401) timer = setTimeout(poll, STATUS_POLL_MS * 2);
      }
    };
    void poll();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [batchId, guestSessionId, generation]);

  return state;
}

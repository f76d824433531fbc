"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/client/api-error";
import { uploadFiles } from "./upload-files";
import type { BatchUpload } from "./types";

export type UploadState =
  | { phase: "idle" }
  | { phase: "uploading"; files: File[]; sent: number[] }
  | { phase: "uploaded"; files: File[]; sent: number[]; upload: BatchUpload }
  | { phase: "failed"; files: File[]; sent: number[]; error: ApiError };

/** Sends files as one batch with per-file byte progress; the screen follows processing afterwards. */
export function useUpload() {
  const [state, setState] = useState<UploadState>({ phase: "idle" });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(async (files: File[], options: { batchName?: string; guestSessionId?: string } = {}) => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ phase: "uploading", files, sent: files.map(() => 0) });
    try {
      const upload = await uploadFiles({
        files,
        ...options,
        signal: controller.signal,
        onProgress: (sent) =>
          setState((previous) => (previous.phase === "uploading" ? { ...previous, sent } : previous)),
      });
      setState({ phase: "uploaded", files, sent: files.map((file) => file.size), upload });
      return upload;
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      const apiError = error instanceof ApiError ? error : new ApiError(0, String(error));
      setState((previous) => ({
        phase: "failed",
        files,
        sent: previous.phase === "uploading" ? previous.sent : files.map(() => 0),
        error: apiError,
      }));
      return undefined;
    }
  }, []);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    setState({ phase: "idle" });
  }, []);

  return { state, start, reset };
}

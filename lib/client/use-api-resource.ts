"use client";

import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "./api-fetch";
import { ApiError } from "./api-error";

export type ApiResource<T> =
  | { status: "loading"; data?: undefined; error?: undefined; reload: () => void }
  | { status: "error"; data?: undefined; error: ApiError; reload: () => void }
  | { status: "ready"; data: T; error?: undefined; reload: () => void };

type State<T> = { status: "loading" } | { status: "error"; error: ApiError } | { status: "ready"; data: T };

/** GETs an /api path on mount and on reload(), with loading and error states for the screen to show. */
export function useApiResource<T>(path: string): ApiResource<T> {
  const [state, setState] = useState<State<T>>({ status: "loading" });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<T>(path, { signal: controller.signal }).then(
      (data) => setState({ status: "ready", data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", error: error instanceof ApiError ? error : new ApiError(0, String(error)) });
      },
    );
    return () => controller.abort();
  }, [path, generation]);

  // A reload keeps showing the current data until the new answer arrives, so nothing jumps.
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { ...state, reload } as ApiResource<T>;
}

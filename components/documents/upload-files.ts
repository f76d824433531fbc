import { ApiError, toApiError } from "@/lib/client/api-error";
import type { BatchUpload } from "./types";

export interface UploadRequest {
  files: File[];
  batchName?: string;
  guestSessionId?: string;
  /** Bytes sent so far of each file, in the order given. */
  onProgress: (sentPerFile: number[]) => void;
  signal?: AbortSignal;
}

/**
 * Bytes sent of each file when `loaded` bytes of the whole request went out. A multipart body holds
 * the files one after the other, so the running total maps onto them in order (the few bytes of part
 * headers are counted against the file they precede).
 */
export function spreadProgress(sizes: number[], loaded: number): number[] {
  let remaining = loaded;
  return sizes.map((size) => {
    const sent = Math.max(0, Math.min(size, remaining));
    remaining -= size;
    return sent;
  });
}

/**
 * POST /api/batch/upload through XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the created batch; rejects with ApiError carrying the server's reason.
 */
export function uploadFiles(request: UploadRequest): Promise<BatchUpload> {
  const form = new FormData();
  if (request.guestSessionId) form.append("guest_session_id", request.guestSessionId);
  if (request.batchName) form.append("batch_name", request.batchName);
  for (const file of request.files) form.append("files", file, file.name);
  const sizes = request.files.map((file) => file.size);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/batch/upload");
    xhr.responseType = "text";
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => request.onProgress(spreadProgress(sizes, event.loaded));
    xhr.upload.onload = () => request.onProgress(sizes);
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as BatchUpload);
      else reject(toApiError(xhr.status, body));
    };
    xhr.onerror = () => reject(new ApiError(0, "The upload was interrupted. Check your connection and try again."));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    request.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // An HTML error page from a proxy: the status alone tells what happened.
    return undefined;
  }
}

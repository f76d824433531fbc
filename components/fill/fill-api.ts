import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError, toApiError } from "@/lib/client/api-error";

export type FillKind = "pdf" | "excel";

export interface FillFieldDetail {
  field_name: string;
  field_type: string;
  label: string;
  filled: boolean;
  value: string;
  confidence: number;
  reason: string;
  source?: "mapping" | "instruction" | "document";
  source_file?: string;
  page?: number;
  box?: { x: number; y: number; width: number; height: number };
}

export interface FilledCell {
  sheet: string;
  cell: string;
  value: string | number | boolean;
  source: string;
  confidence: number;
}

export interface FillJob {
  id: string;
  type: string;
  status: "processing" | "completed" | "failed" | "cancelled";
  created_at: string;
  progress?: { current: number; total: number; message: string | null };
  result?: {
    download_url?: string;
    fields_filled?: number;
    fields_total?: number;
    field_details?: FillFieldDetail[];
    unresolved?: string[];
    cells_written?: number;
    cells?: FilledCell[];
    notes?: string[];
  };
  error?: { code: string; message: string };
}

/** Starts a fill job from the Fill page's form (multipart, with the session cookie). */
export async function startFill(kind: FillKind, form: FormData): Promise<{ id: string }> {
  let response: Response;
  try {
    response = await fetch(`/api/fill/${kind}`, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    throw new ApiError(0, "Could not reach the server. Check your connection and try again.");
  }
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw toApiError(response.status, body);
  return body as { id: string };
}

export function getJob(id: string, signal?: AbortSignal): Promise<FillJob> {
  return apiFetch<FillJob>(`/api/jobs/${encodeURIComponent(id)}`, { signal });
}

export function listFillJobs(): Promise<{ data: FillJob[] }> {
  return apiFetch<{ data: FillJob[] }>("/api/jobs?limit=20");
}

/** Polls until the job leaves processing; `onProgress` sees every answer. */
export async function waitForJob(
  id: string,
  onProgress: (job: FillJob) => void,
  signal: AbortSignal,
  intervalMs = 700,
): Promise<FillJob> {
  for (;;) {
    const job = await getJob(id, signal);
    onProgress(job);
    if (job.status !== "processing") return job;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

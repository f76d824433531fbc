import { formatDateTime } from "@/components/portal/format";

// Sizes and counts as the document screens show them.

export { formatDateTime };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

/** A batch's name, or where it came from when it was uploaded without one. */
export function batchDisplayName(batch: { batch_name: string | null; created_at: string }): string {
  return batch.batch_name ?? `Upload of ${formatDateTime(batch.created_at)}`;
}

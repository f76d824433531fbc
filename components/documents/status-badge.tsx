import type { BatchStatusValue } from "./types";

const LABELS: Record<BatchStatusValue, string> = {
  uploaded: "Uploaded",
  queued: "Queued",
  processing: "Processing",
  completed: "Completed",
  partially_completed: "Partly completed",
  failed: "Failed",
};

const TONES: Record<BatchStatusValue, string> = {
  uploaded: "bg-surface-muted text-ink-muted",
  queued: "bg-surface-muted text-ink",
  processing: "bg-brand-50 text-brand-700 dark:bg-surface-muted dark:text-brand-100",
  completed: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  partially_completed: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
};

export function statusLabel(status: BatchStatusValue): string {
  return LABELS[status];
}

/** A status as a coloured pill with words, never colour alone. */
export function StatusBadge({ status }: { status: BatchStatusValue }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status]}`}>
      {LABELS[status]}
    </span>
  );
}

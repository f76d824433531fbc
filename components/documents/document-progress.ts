import { plural } from "./format";
import type { DocumentStatusItem } from "./types";

const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/**
 * How a document's progress bar reads: failed pages counted apart (and drawn red) from the pages read,
 * and a file that could not be read at all shown as failed rather than as a full bar.
 */
export function documentProgress(document: DocumentStatusItem): {
  value: number;
  failed: number;
  tone: "normal" | "failed";
  detail: string;
} {
  const tone = document.status === "failed" && document.pages_done === 0 ? "failed" : "normal";
  return {
    value: document.progress,
    failed: share(document.pages_failed, document.pages_total ?? 0),
    tone,
    detail: progressText(document),
  };
}

/** The batch's bar: the same rule over all of its pages. */
export function failedShare(status: { pages_failed: number; pages_total: number }): number {
  return share(status.pages_failed, status.pages_total);
}

function progressText(document: DocumentStatusItem): string {
  if (document.status === "failed" && document.pages_done === 0) return "Could not be read";
  if (!document.pages_total) return document.status === "queued" ? "Waiting to be read…" : "Counting pages…";
  const failed = document.pages_failed ? `, ${document.pages_failed} failed` : "";
  return `${document.pages_done} of ${plural(document.pages_total, "page")} read${failed}`;
}

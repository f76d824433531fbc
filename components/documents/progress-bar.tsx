/**
 * A labelled progress bar (0–100); the label is its accessible name and the text beside it. `failed`
 * (0–100, a share of the same whole) is drawn in red after the part done, so failures never read as
 * progress; with `tone="failed"` the whole bar is red (nothing could be read).
 */
export function ProgressBar({
  label,
  value,
  failed = 0,
  detail,
  tone = "normal",
}: {
  label: string;
  value: number;
  failed?: number;
  detail?: string;
  tone?: "normal" | "failed";
}) {
  const clamp = (share: number) => Math.max(0, Math.min(100, Math.round(share)));
  const percent = clamp(value);
  const failedPercent = tone === "failed" ? 100 : Math.min(clamp(failed), percent);
  const donePercent = tone === "failed" ? 0 : percent - failedPercent;
  return (
    <div className="flex flex-col gap-1">
      <div
        className={`flex justify-between gap-2 text-xs ${failedPercent > 0 ? "text-red-700 dark:text-red-400" : "text-ink-muted"}`}
      >
        <span>{detail ?? label}</span>
        <span aria-hidden="true">{tone === "failed" ? "failed" : `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={
          tone === "failed" ? "failed" : failedPercent > 0 ? `${percent}%, ${failedPercent}% failed` : undefined
        }
        className="flex h-2 overflow-hidden rounded-full bg-surface-muted"
      >
        <div
          className="h-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${donePercent}%` }}
          data-testid="progress-done"
        />
        {failedPercent > 0 ? (
          <div className="h-full bg-red-600" style={{ width: `${failedPercent}%` }} data-testid="progress-failed" />
        ) : null}
      </div>
    </div>
  );
}

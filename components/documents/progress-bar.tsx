/** A labelled progress bar (0–100); the label is its accessible name and the text beside it. */
export function ProgressBar({ label, value, detail }: { label: string; value: number; detail?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-xs text-ink-muted">
        <span>{detail ?? label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** A small spinning ring; `label` is announced to screen readers, the ring itself is decorative. */
export function Spinner({ label, className = "" }: { label?: string; className?: string }) {
  return (
    <span role={label ? "status" : undefined} className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
      />
      {label ? <span className="text-sm text-ink-muted">{label}</span> : null}
    </span>
  );
}

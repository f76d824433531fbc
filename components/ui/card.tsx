import type { ReactNode } from "react";

/** A titled section of a screen; the heading names the region for assistive technology. */
export function Card({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-line bg-surface p-5 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-ink-muted">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

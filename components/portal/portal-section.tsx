import type { ReactNode } from "react";

/** The heading and intro of one portal section; the content follows. */
export function PortalSection({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="portal-section-title" className="flex flex-col gap-4">
      <div>
        <h2 id="portal-section-title" className="text-2xl font-semibold">
          {title}
        </h2>
        {intro ? <div className="mt-1 text-sm text-ink-muted">{intro}</div> : null}
      </div>
      {children}
    </section>
  );
}

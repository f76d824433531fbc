"use client";

import { CopyButton } from "@/components/ui/copy-button";

/** A titled, copyable snippet; long lines scroll instead of breaking the layout on phones. */
export function CodeBlock({ title, code }: { title: string; code: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium text-ink">{title}</span>
        <CopyButton text={code} accessibleName={`Copy: ${title}`} variant="ghost" />
      </figcaption>
      <pre
        tabIndex={0}
        className="overflow-x-auto rounded-md border border-line bg-surface-muted p-4 font-mono text-sm text-ink"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

"use client";

import { useMemo } from "react";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { plural } from "../format";
import { textChanges } from "./text-changes";

/**
 * The unsaved changes of a page's text, word by word: added words highlighted, removed ones struck
 * through, each also named for screen readers. On saving, the words are placed on the page image.
 */
export function TextChangesPreview({ before, after }: { before: string; after: string }) {
  const { changes, counts } = useMemo(() => textChanges(before, after), [before, after]);
  if (counts.added === 0 && counts.removed === 0) return null;
  return (
    <section aria-label="Unsaved text changes" data-testid="text-changes" className="flex flex-col gap-1">
      <p className="text-sm font-semibold text-ink">
        Changes to save: {plural(counts.added, "word")} added, {plural(counts.removed, "word")} removed
      </p>
      {/* Focusable, so a keyboard can scroll a long text. */}
      <div
        tabIndex={0}
        className={`max-h-48 overflow-auto whitespace-pre-wrap rounded-md border border-line bg-surface-muted px-3 py-2 font-mono text-sm text-ink ${FOCUS_RING}`}
      >
        {changes.map((change, index) =>
          change.kind === "added" ? (
            <ins
              key={index}
              className="rounded-sm bg-green-100 text-green-900 no-underline dark:bg-green-900 dark:text-green-50"
            >
              <span className="sr-only">[added: </span>
              {change.text}
              <span className="sr-only">]</span>
            </ins>
          ) : change.kind === "removed" ? (
            <del key={index} className="rounded-sm bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50">
              <span className="sr-only">[removed: </span>
              {change.text}
              <span className="sr-only">]</span>
            </del>
          ) : (
            <span key={index}>{change.text}</span>
          ),
        )}
      </div>
      <p className="text-xs text-ink-muted">
        Saving places the words on the page: unchanged words keep their boxes, corrected words take the boxes of the
        words they replace, new words are placed by estimate.
      </p>
    </section>
  );
}

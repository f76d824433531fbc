"use client";

import { Button } from "@/components/ui/button";
import { plural } from "../format";

export interface EditBarProps {
  unsavedPages: number;
  canUndo: boolean;
  saving: boolean;
  message?: { tone: "success" | "error"; text: string };
  onUndo: () => void;
  onDiscard: () => void;
  onSave: () => void;
}

/** Save, undo and discard of unsaved corrections, with what happened last; always the same height. */
export function EditBar({ unsavedPages, canUndo, saving, message, onUndo, onDiscard, onSave }: EditBarProps) {
  return (
    <div role="toolbar" aria-label="Corrections" className="flex min-h-10 flex-wrap items-center gap-2 text-sm">
      <Button onClick={onSave} disabled={unsavedPages === 0} loading={saving}>
        Save changes
      </Button>
      <Button variant="secondary" onClick={onUndo} disabled={!canUndo || saving}>
        Undo
      </Button>
      <Button variant="ghost" onClick={onDiscard} disabled={unsavedPages === 0 || saving}>
        Discard
      </Button>
      <p
        role="status"
        className={`text-sm ${message?.tone === "error" ? "text-red-700 dark:text-red-400" : "text-ink-muted"}`}
        data-testid="edit-status"
      >
        {message
          ? message.text
          : unsavedPages > 0
            ? `Unsaved changes on ${plural(unsavedPages, "page")}.`
            : "Click any value or the text to correct it."}
      </p>
    </div>
  );
}

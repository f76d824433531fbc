"use client";

import { useId, useState, type DragEvent, type ReactNode } from "react";
import { useHydrated } from "@/lib/client/use-hydrated";

export interface FileDropZoneProps {
  /** Accessible name of the file input ("Choose files"). */
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  accept?: string;
  onFiles: (files: File[]) => void;
  children?: ReactNode;
}

/**
 * Drop files here or pick them: the real file input stays in the page (visually hidden, focusable),
 * so keyboard and screen-reader users choose files the ordinary way.
 */
export function FileDropZone({
  label,
  multiple = false,
  disabled = false,
  accept,
  onFiles,
  children,
}: FileDropZoneProps) {
  const inputId = useId();
  const hydrated = useHydrated();
  const [dragging, setDragging] = useState(false);
  const inactive = disabled || !hydrated;

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (inactive) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!inactive) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
      data-testid="file-drop-zone"
      className={`relative flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500 ${
        dragging ? "border-brand-500 bg-brand-50 dark:bg-surface-muted" : "border-line bg-surface"
      } ${inactive ? "opacity-60" : ""}`}
    >
      <input
        id={inputId}
        type="file"
        multiple={multiple}
        accept={accept}
        disabled={inactive}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again still fires a change.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <p className="text-sm text-ink">
        <span className="font-medium">Drag and drop {multiple ? "files" : "a file"} here, or </span>
        <label
          htmlFor={inputId}
          className={`font-semibold text-brand-600 underline dark:text-brand-100 ${inactive ? "" : "cursor-pointer"}`}
        >
          {label}
        </label>
      </p>
      {children ? <div className="text-xs text-ink-muted">{children}</div> : null}
    </div>
  );
}

"use client";

import { useState } from "react";
import { Button, type ButtonVariant } from "./button";

/** Copies `text` to the clipboard and says so; a refused clipboard is reported, never ignored. */
/** `accessibleName` names what is copied when the visible label alone ("Copy") would be ambiguous. */
export function CopyButton({
  text,
  label = "Copy",
  accessibleName,
  variant = "secondary",
}: {
  text: string;
  label?: string;
  accessibleName?: string;
  variant?: ButtonVariant;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      // Clipboard access needs a secure context and permission; the text stays selectable instead.
      setState("failed");
    }
  }

  return (
    <span className="inline-flex items-center gap-2">
      <Button variant={variant} onClick={copy} aria-label={accessibleName}>
        {label}
      </Button>
      <span role="status" className="text-sm text-ink-muted">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed — select the text and copy it" : ""}
      </span>
    </span>
  );
}

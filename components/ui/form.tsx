"use client";

import type { FormEvent, ReactNode } from "react";
import { useHydrated } from "@/lib/client/use-hydrated";
import { Alert } from "./alert";

/**
 * A named form checked by script (noValidate: our messages, not the browser's bubbles), with its
 * form-level error on top. Its controls are disabled until the page is hydrated, so nothing typed
 * before the script runs is lost or submitted the old-fashioned way.
 */
export function Form({
  label,
  onSubmit,
  error,
  className = "flex flex-col gap-2",
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent) => void;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className={className}>
      <fieldset disabled={!hydrated} className="contents">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {children}
      </fieldset>
    </form>
  );
}

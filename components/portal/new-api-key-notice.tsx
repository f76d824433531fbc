"use client";

import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import type { CreatedApiKey } from "./api-key-types";

/** The full key, shown once right after creation, with a copy button and the warning that it will not come back. */
export function NewApiKeyNotice({ apiKey, onDismiss }: { apiKey: CreatedApiKey; onDismiss: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Move focus here so keyboard and screen-reader users land on the key they just made.
  useEffect(() => {
    headingRef.current?.focus();
  }, [apiKey.key_id]);

  return (
    <section
      aria-labelledby="new-key-title"
      className="flex flex-col gap-3 rounded-lg border border-green-300 bg-green-50 p-4 dark:border-green-800 dark:bg-green-950"
    >
      <h3 id="new-key-title" ref={headingRef} tabIndex={-1} className="font-semibold text-ink outline-none">
        Your new key “{apiKey.name}”
      </h3>
      <Alert tone="warning">Copy it now: this is the only time the full key is shown. We keep only a hash of it.</Alert>
      <label htmlFor="new-api-key" className="sr-only">
        Full API key
      </label>
      <input
        id="new-api-key"
        readOnly
        value={apiKey.key}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-md border border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
        data-testid="new-api-key"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CopyButton text={apiKey.key} label="Copy key" variant="primary" />
        <Button variant="ghost" onClick={onDismiss}>
          I have stored it — hide
        </Button>
      </div>
    </section>
  );
}

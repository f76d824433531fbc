"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api-error";
import { addWebPage } from "./web-api";

/** "Add a web page": the server renders the URL in a browser and reads it like an uploaded PDF. */
export function AddWebPage() {
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [batchId, setBatchId] = useState<string>();

  return (
    <section aria-labelledby="add-web-page" className="flex flex-col gap-3 rounded-md border border-line p-4">
      <h2 id="add-web-page" className="text-lg font-semibold">
        Add a web page
      </h2>
      <form
        aria-label="Add a web page"
        className="flex flex-col gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          try {
            setBatchId((await addWebPage(url.trim())).batch_id);
          } catch (thrown) {
            setError(thrown instanceof ApiError ? thrown.message : String(thrown));
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField
          label="Page address"
          type="url"
          required
          placeholder="https://example.com/price-list"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          hint="Saved as a PDF with its text, boxes and tables."
        />
        <div>
          <Button type="submit" loading={busy} disabled={!url.trim()}>
            Add page
          </Button>
        </div>
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {batchId ? (
        <Alert tone="success" title="The page is being read.">
          <Link href={`/batches/${batchId}`} className={buttonClasses("secondary", "mt-2")}>
            Open the page&apos;s batch
          </Link>
        </Alert>
      ) : null}
    </section>
  );
}

"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api-error";
import { renameBatch } from "./batch-api";

/**
 * The batch's name as its heading; its owner may rename it in place. A blank name removes it, and the
 * batch is then called after when it was uploaded.
 */
export function BatchTitle({
  batchId,
  displayName,
  currentName,
  canRename,
  onRenamed,
}: {
  batchId: string;
  displayName: string;
  currentName: string | null;
  canRename: boolean;
  onRenamed: (message: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(currentName ?? "");
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  if (!editing)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight">{displayName}</h1>
        {canRename ? (
          <Button
            variant="ghost"
            className="px-2 py-1"
            onClick={() => {
              setName(currentName ?? "");
              setError(undefined);
              setEditing(true);
            }}
          >
            Rename
          </Button>
        ) : null}
      </div>
    );

  return (
    <form
      aria-label="Rename batch"
      className="flex flex-wrap items-start gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        try {
          const result = await renameBatch(batchId, name);
          setEditing(false);
          onRenamed(result.message);
        } catch (caught) {
          setError(caught instanceof ApiError ? caught.message : String(caught));
        } finally {
          setSaving(false);
        }
      }}
    >
      <h1 className="sr-only">{displayName}</h1>
      <TextField
        label="Batch name"
        value={name}
        maxLength={200}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        hint="Leave it empty to call the batch after when it was uploaded."
        error={error}
        className="min-w-0 flex-1"
      />
      <div className="flex gap-2 pt-6">
        <Button type="submit" loading={saving}>
          Save name
        </Button>
        <Button variant="secondary" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteBatch, retryBatch } from "./batch-api";
import { plural } from "./format";

export interface BatchActionsProps {
  batchId: string;
  batchName: string;
  documentCount: number;
  /** Failed or partly read documents can be read again. */
  canRetry: boolean;
  onRetried: (message: string) => void;
  onDeleted: () => void;
  onError: (message: string) => void;
}

/** Retry and delete of one batch; delete asks first, because it removes every page and edit. */
export function BatchActions({
  batchId,
  batchName,
  documentCount,
  canRetry,
  onRetried,
  onDeleted,
  onError,
}: BatchActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [retrying, setRetrying] = useState(false);

  async function retry() {
    setRetrying(true);
    try {
      const result = await retryBatch(batchId);
      onRetried(result.message);
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    } finally {
      setRetrying(false);
    }
  }

  return (
    <div className="flex flex-wrap justify-end gap-1">
      {canRetry ? (
        <Button
          variant="ghost"
          className="px-2 py-1"
          loading={retrying}
          onClick={retry}
          aria-label={`Retry failed documents of ${batchName}`}
        >
          Retry
        </Button>
      ) : null}
      <Button
        variant="ghost"
        className="px-2 py-1 text-red-700 dark:text-red-400"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${batchName}`}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${batchName}”?`}
        confirmLabel="Delete batch"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await deleteBatch(batchId);
          setConfirming(false);
          onDeleted();
        }}
      >
        {plural(documentCount, "document")} with every page, image and correction will be removed. This cannot be
        undone.
      </ConfirmDialog>
    </div>
  );
}

"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { deleteBatchDocument } from "./batch-api";

/** Deletes one document of a batch after asking; the batch goes too when it was its last document. */
export function DeleteDocumentButton({
  batchId,
  documentId,
  fileName,
  lastDocument,
  onDeleted,
}: {
  batchId: string;
  documentId: string;
  fileName: string;
  lastDocument: boolean;
  onDeleted: (batchDeleted: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="px-3 py-1.5 text-red-700 dark:text-red-400"
        aria-label={`Delete ${fileName}`}
        onClick={() => setConfirming(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${fileName}”?`}
        confirmLabel="Delete document"
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          const result = await deleteBatchDocument(batchId, documentId);
          setConfirming(false);
          onDeleted(result.batch_deleted);
        }}
      >
        Its pages, images and corrections will be removed. This cannot be undone.
        {lastDocument ? " It is the batch's only document, so the batch is deleted too." : ""}
      </ConfirmDialog>
    </>
  );
}

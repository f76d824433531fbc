"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import { ExportMenu } from "@/components/export/export-menu";
import { BatchActions } from "./batch-actions";
import { BatchTitle } from "./batch-title";
import { DeleteDocumentButton } from "./delete-document-button";
import { documentProgress, failedShare } from "./document-progress";
import { batchDisplayName, formatDateTime, plural } from "./format";
import { CLAIM_PATH, viewerPath } from "./paths";
import { ProgressBar } from "./progress-bar";
import { StatusBadge } from "./status-badge";
import { useBatchStatus } from "./use-batch-status";
import { useViewer } from "./use-viewer";
import { isSettled } from "./types";

/** One batch: its documents with live progress, the way into the viewer, retry and delete. */
export function BatchDetail({ batchId, signedIn }: { batchId: string; signedIn: boolean }) {
  const router = useRouter();
  const viewer = useViewer(signedIn);
  const [generation, setGeneration] = useState(0);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  const { status, error } = useBatchStatus(viewer ?? {}, viewer ? batchId : undefined, generation);

  if (!status) {
    if (error) {
      return (
        <Alert
          tone="error"
          title={error.status === 404 || error.status === 401 ? "Batch not found" : "The batch could not be loaded"}
        >
          {error.status === 404 || error.status === 401
            ? signedIn
              ? "It may have been deleted, or it belongs to another account."
              : "Sign in to open your batches."
            : error.message}
        </Alert>
      );
    }
    return <Spinner label="Loading the batch…" className="min-h-40" />;
  }

  const name = batchDisplayName(status);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <BatchTitle
            batchId={batchId}
            displayName={name}
            currentName={status.batch_name}
            canRename={signedIn}
            onRenamed={(text) => {
              setNotice({ tone: "success", text });
              setGeneration((value) => value + 1);
            }}
          />
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <StatusBadge status={status.status} />
            {plural(status.total_documents, "document")} · {plural(status.pages_total, "page")} · created{" "}
            {formatDateTime(status.created_at)}
          </p>
        </div>
        {signedIn ? (
          <div className="flex flex-wrap items-start gap-2">
            <ExportMenu batchId={batchId} />
            <BatchActions
              batchId={batchId}
              batchName={name}
              documentCount={status.total_documents}
              canRetry={status.documents.some((document) => document.retryable)}
              onRetried={(text) => {
                setNotice({ tone: "success", text });
                setGeneration((value) => value + 1);
              }}
              onDeleted={() => router.push("/batches")}
              onError={(text) => setNotice({ tone: "error", text })}
            />
          </div>
        ) : (
          <Link href={`/sign-up?next=${encodeURIComponent(CLAIM_PATH)}`} className={buttonClasses("primary")}>
            Sign up to keep this
          </Link>
        )}
      </div>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <ProgressBar
        label="Batch progress"
        value={status.progress}
        failed={failedShare(status)}
        detail={
          isSettled(status.status)
            ? `${status.pages_done} of ${plural(status.pages_total, "page")} read${status.pages_failed ? `, ${status.pages_failed} failed` : ""}`
            : "Reading… this page updates by itself"
        }
      />
      <ul className="grid gap-3 sm:grid-cols-2" aria-label="Documents">
        {status.documents.map((document) => (
          <li
            key={document.document_id}
            className="flex flex-col gap-3 rounded-lg border border-line p-4"
            data-testid="document-card"
          >
            <div className="flex items-start justify-between gap-2">
              <h2 className="min-w-0 break-all font-medium">{document.file_name}</h2>
              <StatusBadge status={document.status} />
            </div>
            <ProgressBar label={`Pages read of ${document.file_name}`} {...documentProgress(document)} />
            {document.error ? <p className="text-sm text-red-700 dark:text-red-400">{document.error}</p> : null}
            {(document.status === "failed" || document.status === "partially_completed") && !document.retryable ? (
              <p className="text-sm text-ink-muted">Retrying would not help: this file cannot be read as it is.</p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              {document.pages_done > 0 ? (
                <Link
                  href={viewerPath(batchId, document.document_id)}
                  className={buttonClasses("secondary", "px-3 py-1.5")}
                  aria-label={`Open ${document.file_name}`}
                >
                  Open
                </Link>
              ) : (
                <span className="text-sm text-ink-muted">Opens when its first page is read.</span>
              )}
              {signedIn ? (
                <DeleteDocumentButton
                  batchId={batchId}
                  documentId={document.document_id}
                  fileName={document.file_name}
                  lastDocument={status.total_documents === 1}
                  onDeleted={(batchDeleted) => {
                    if (batchDeleted) router.push("/batches");
                    else {
                      setNotice({ tone: "success", text: `Deleted “${document.file_name}”.` });
                      setGeneration((value) => value + 1);
                    }
                  }}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {status.rejected.length > 0 ? (
        <section aria-labelledby="refused-files-heading" className="flex flex-col gap-2">
          <h2 id="refused-files-heading" className="font-semibold">
            Not accepted at upload ({status.rejected.length})
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {status.rejected.map((refusal) => (
              <li
                key={refusal.file_index}
                className="flex flex-col gap-1 rounded-lg border border-red-300 p-4 dark:border-red-800"
                data-testid="refused-file"
              >
                <p className="min-w-0 break-all font-medium">{refusal.file_name}</p>
                <p className="text-sm text-red-700 dark:text-red-400">{refusal.message}</p>
              </li>
            ))}
          </ul>
          <p className="text-sm text-ink-muted">Upload a readable copy of these files to add them to a batch.</p>
        </section>
      ) : null}
    </div>
  );
}

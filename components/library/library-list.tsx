"use client";

import Link from "next/link";
import { useState } from "react";
import { batchPath } from "@/components/documents/paths";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/client/api-fetch";
import { useApiResource } from "@/lib/client/use-api-resource";
import { LibraryUpload } from "./library-upload";

interface LibraryFile {
  id: string;
  kind: "template" | "document";
  file_name: string;
  content_type: string;
  size_bytes: number;
  source: string;
  description: string | null;
  created_at: string;
  download_url: string;
}

function formatSize(bytes: number): string {
  return bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The signed-in user's saved files: download, delete, or send one to be read as a new batch. */
export function LibraryList() {
  const library = useApiResource<{ files: LibraryFile[] }>("/api/batch/library?limit=200");
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string; batchId?: string }>();
  const [processing, setProcessing] = useState<string>();
  const [deleting, setDeleting] = useState<LibraryFile>();

  async function process(file: LibraryFile) {
    setProcessing(file.id);
    setNotice(undefined);
    try {
      const batch = await apiFetch<{ batch_id: string }>("/api/batch/save-generated-file", {
        method: "POST",
        body: { action: "send_to_parsing", library_file_id: file.id },
      });
      setNotice({ tone: "success", text: `${file.file_name} is being read.`, batchId: batch.batch_id });
    } catch (thrown) {
      setNotice({
        tone: "error",
        text: `${file.file_name} could not be processed: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
      });
    } finally {
      setProcessing(undefined);
    }
  }

  if (library.status === "error")
    return (
      <Alert tone="error" title="The library could not be loaded">
        {library.error.message}
      </Alert>
    );
  if (library.status === "loading") return <Spinner />;
  const { files } = library.data;
  return (
    <div className="flex flex-col gap-4">
      <LibraryUpload onSaved={() => library.reload()} />
      {notice ? (
        <Alert
          tone={notice.tone}
          action={
            notice.batchId ? (
              <Link href={batchPath(notice.batchId)} className={buttonClasses("secondary", "px-3 py-1.5")}>
                Open the batch
              </Link>
            ) : undefined
          }
        >
          {notice.text}
        </Alert>
      ) : null}
      {files.length === 0 ? (
        <EmptyState title="Your library is empty">
          Files you add above, save from chat or export appear here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Saved files">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              data-testid="library-file"
            >
              <div className="min-w-0">
                <p className="truncate font-medium text-ink">{file.file_name}</p>
                <p className="text-sm text-ink-muted">
                  {file.kind === "template" ? "Template" : "Document"} · {formatSize(file.size_bytes)} · from{" "}
                  {file.source} · {new Date(file.created_at).toLocaleString()}
                  {file.description ? ` · ${file.description}` : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <a
                  href={file.download_url}
                  download={file.file_name}
                  className={buttonClasses("secondary", "px-3 py-1.5")}
                  aria-label={`Download ${file.file_name}`}
                >
                  Download
                </a>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5"
                  loading={processing === file.id}
                  onClick={() => process(file)}
                  aria-label={`Process ${file.file_name}`}
                >
                  Process
                </Button>
                <Button
                  variant="ghost"
                  className="px-3 py-1.5"
                  onClick={() => setDeleting(file)}
                  aria-label={`Delete ${file.file_name}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={`Delete ${deleting?.file_name ?? "this file"}?`}
        confirmLabel="Delete"
        onClose={() => setDeleting(undefined)}
        onConfirm={async () => {
          const file = deleting!;
          await apiFetch(`/api/batch/library/${encodeURIComponent(file.id)}`, { method: "DELETE" });
          setDeleting(undefined);
          setNotice({ tone: "success", text: `Deleted ${file.file_name}.` });
          library.reload();
        }}
      >
        The file is removed from your library for good.
      </ConfirmDialog>
    </div>
  );
}

import { documentProgress } from "./document-progress";
import { ProgressBar } from "./progress-bar";
import { StatusBadge } from "./status-badge";
import { formatBytes } from "./format";
import type { BatchStatus, BatchUpload } from "./types";

export interface UploadProgressListProps {
  files: File[];
  /** Bytes sent of each file. */
  sent: number[];
  upload?: BatchUpload;
  status?: BatchStatus;
}

/**
 * One row per file: bytes while it is sent, then pages read while it is processed. Each row keeps
 * its height from the first moment, so nothing below it moves as progress arrives.
 */
export function UploadProgressList({ files, sent, upload, status }: UploadProgressListProps) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Files in this upload">
      {files.map((file, index) => {
        const documentId = upload?.documents[index]?.document_id;
        const document = status?.documents.find((item) => item.document_id === documentId);
        return (
          <li key={`${file.name}-${index}`} className="rounded-md border border-line p-3" data-testid="upload-file-row">
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="min-w-0 truncate text-sm font-medium text-ink">{file.name}</span>
              {document ? (
                <StatusBadge status={document.status} />
              ) : (
                <span className="text-xs text-ink-muted">{upload ? "Queued" : "Uploading"}</span>
              )}
            </div>
            {document ? (
              <ProgressBar
                label={`Pages read of ${file.name}`}
                {...documentProgress(document)}
                detail={document.error ?? documentProgress(document).detail}
              />
            ) : (
              <ProgressBar
                label={`Upload of ${file.name}`}
                value={file.size === 0 ? 100 : ((sent[index] ?? 0) / file.size) * 100}
                detail={`${formatBytes(sent[index] ?? 0)} of ${formatBytes(file.size)} sent`}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

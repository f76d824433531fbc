import { documentProgress } from "./document-progress";
import { ProgressBar } from "./progress-bar";
import { StatusBadge } from "./status-badge";
import { formatBytes } from "./format";
import type { BatchStatus, BatchUpload } from "./types";
import { uploadRows, type UploadRow } from "./upload-rows";

export interface UploadProgressListProps {
  files: File[];
  /** Bytes sent of each file. */
  sent: number[];
  upload?: BatchUpload;
  status?: BatchStatus;
  /** The server refused the whole upload for this reason: no file was accepted. */
  refusedAll?: string;
}

/**
 * One row per file: bytes while it is sent, then pages read while it is processed, or in red why the
 * server did not accept it. Each row keeps its height from the first moment, so nothing below it moves
 * as progress arrives.
 */
export function UploadProgressList({ files, sent, upload, status, refusedAll }: UploadProgressListProps) {
  const rows = uploadRows(files.length, upload, refusedAll);
  return (
    <ul className="flex flex-col gap-3" aria-label="Files in this upload">
      {files.map((file, index) => {
        const row = rows[index];
        const refused = row?.kind === "refused";
        return (
          <li
            key={`${file.name}-${index}`}
            className={`rounded-md border p-3 ${refused ? "border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950" : "border-line"}`}
            data-testid="upload-file-row"
            data-refused={refused ? "true" : undefined}
          >
            <div className="mb-2 flex items-center justify-between gap-2">
              <span className="min-w-0 break-words text-sm font-medium text-ink">{file.name}</span>
              <RowBadge row={row} status={status} upload={upload} />
            </div>
            <RowProgress row={row} file={file} sent={sent[index] ?? 0} status={status} />
          </li>
        );
      })}
    </ul>
  );
}

function documentOf(row: UploadRow | undefined, status: BatchStatus | undefined) {
  return row?.kind === "accepted" ? status?.documents.find((item) => item.document_id === row.documentId) : undefined;
}

function RowBadge({ row, status, upload }: { row?: UploadRow; status?: BatchStatus; upload?: BatchUpload }) {
  if (row?.kind === "refused")
    return (
      <span className="whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-900 dark:text-red-100">
        Not accepted
      </span>
    );
  const document = documentOf(row, status);
  if (document) return <StatusBadge status={document.status} />;
  return <span className="text-xs text-ink-muted">{upload ? "Queued" : "Uploading"}</span>;
}

function RowProgress({ row, file, sent, status }: { row?: UploadRow; file: File; sent: number; status?: BatchStatus }) {
  if (row?.kind === "refused")
    return (
      <p className="text-sm text-red-800 dark:text-red-200" data-testid="refusal-reason">
        {row.reason}
      </p>
    );
  const document = documentOf(row, status);
  if (document)
    return (
      <ProgressBar
        label={`Pages read of ${file.name}`}
        {...documentProgress(document)}
        detail={document.error ?? documentProgress(document).detail}
      />
    );
  return (
    <ProgressBar
      label={`Upload of ${file.name}`}
      value={file.size === 0 ? 100 : (sent / file.size) * 100}
      detail={`${formatBytes(sent)} of ${formatBytes(file.size)} sent`}
    />
  );
}

"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import type { DriveAuthorization } from "@/lib/cloud/get-drive-authorization";
import { formatBytes } from "@/components/documents/format";
import { batchPath } from "@/components/documents/paths";
import { ProgressBar } from "@/components/documents/progress-bar";
import { useBatchStatus } from "@/components/documents/use-batch-status";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError } from "@/lib/client/api-error";
import { useApiResource } from "@/lib/client/use-api-resource";
import { ConnectDrive, useFinishDriveConsent } from "./drive-connect";

interface Connection {
  connection_id: string;
  provider: string;
  account_email: string | null;
  status: string;
}
interface DriveFile {
  id: string;
  name: string;
  mime_type: string;
  size_bytes: number | null;
  modified_at: string | null;
  is_folder: boolean;
  supported: boolean;
}
interface Imported {
  batch_id: string;
  documents: Array<{ file_name: string }>;
  rejected: Array<{ file_index: number; file_name: string; message: string }>;
}

const KIND_NAMES: Record<string, string> = {
  "application/vnd.google-apps.folder": "Folder",
  "application/vnd.google-apps.document": "Google Doc (imported as PDF)",
  "application/vnd.google-apps.spreadsheet": "Google Sheet (imported as XLSX)",
  "application/vnd.google-apps.presentation": "Google Slides (imported as PDF)",
  "application/pdf": "PDF",
};
const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/** The import takes this many files at once (the route's limit). */
const MAX_IMPORT = 100;

/** Connect a Google Drive, browse it, pick files and import them as a batch, with its progress. */
export function DriveImport({
  maxFileBytes,
  authorization,
  loginHint,
}: {
  maxFileBytes: number;
  authorization: DriveAuthorization | null;
  loginHint?: string;
}) {
  const connections = useApiResource<Connection[]>("/api/cloud/connections");
  const consent = useFinishDriveConsent(connections.reload);
  const drive = connections.data?.find(
    (connection) => connection.provider === "google_drive" && connection.status === "active",
  );
  const [path, setPath] = useState([{ id: "root", name: "My Drive" }]);
  const [listing, setListing] = useState<{ folderId: string; files: DriveFile[] }>();
  const [chosen, setChosen] = useState<Map<string, DriveFile>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [imported, setImported] = useState<Imported>();
  const folder = path[path.length - 1];
  const connectionId = drive?.connection_id;

  useEffect(() => {
    if (!connectionId) return;
    const controller = new AbortController();
    const query = `connection_id=${connectionId}&folder_id=${encodeURIComponent(folder.id)}`;
    apiFetch<{ files: DriveFile[] }>(`/api/cloud/drive/files?${query}`, { signal: controller.signal })
      .then((page) => setListing({ folderId: folder.id, files: page.files }))
      .catch((thrown) => {
        if (!controller.signal.aborted) setError(messageOf(thrown));
      });
    return () => controller.abort();
  }, [connectionId, folder.id]);

  if (connections.status !== "ready") return null;
  if (!drive)
    return (
      <ConnectDrive
        authorization={authorization}
        loginHint={loginHint}
        connecting={consent.status === "connecting"}
        failure={consent.status === "failed" ? consent.message : undefined}
      />
    );

  const toggle = (file: DriveFile) =>
    setChosen((previous) => {
      const next = new Map(previous);
      if (next.has(file.id)) next.delete(file.id);
      else next.set(file.id, file);
      return next;
    });
  const overCount = chosen.size > MAX_IMPORT;
  const importChosen = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiFetch<Imported>("/api/cloud/drive/import", {
        method: "POST",
        body: {
          connection_id: drive.connection_id,
          file_ids: [...chosen.keys()],
          batch_name: `From Google Drive: ${folder.name}`,
        },
      });
      setImported(answer);
      setChosen(new Map());
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };
  const files = listing?.folderId === folder.id ? listing.files : undefined;

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink-muted">
        Connected as {drive.account_email ?? "your Google account"}. PDFs, images, office files and Google Docs and
        Sheets can be imported; up to {MAX_IMPORT} files of {formatBytes(maxFileBytes)} each.
      </p>
      <nav aria-label="Drive folder" className="flex flex-wrap items-center gap-1 text-sm">
        {path.map((step, index) => (
          <span key={step.id} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">/</span> : null}
            {index === path.length - 1 ? (
              <span aria-current="page" className="font-medium">
                {step.name}
              </span>
            ) : (
              <button
                type="button"
                className={`underline ${FOCUS_RING}`}
                onClick={() => setPath(path.slice(0, index + 1))}
              >
                {step.name}
              </button>
            )}
          </span>
        ))}
      </nav>
      {files === undefined ? (
        <p className="text-sm text-ink-muted">Loading {folder.name}…</p>
      ) : files.length === 0 ? (
        <p className="text-sm text-ink-muted">{folder.name} is empty.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Files in {folder.name}</caption>
            <thead className="text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Type
                </th>
                <th scope="col" className="py-2 pr-3">
                  Size
                </th>
                <th scope="col" className="py-2">
                  Modified
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((file) => (
                <tr key={file.id} className="border-t border-line">
                  <td className="py-2 pr-3">
                    {file.is_folder ? (
                      <button
                        type="button"
                        className={`font-medium underline ${FOCUS_RING}`}
                        onClick={() => setPath([...path, { id: file.id, name: file.name }])}
                      >
                        {file.name}
                      </button>
                    ) : (
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          disabled={!file.supported}
                          checked={chosen.has(file.id)}
                          onChange={() => toggle(file)}
                        />
                        <span className={file.supported ? "" : "text-ink-muted"}>{file.name}</span>
                        {file.supported ? null : (
                          <span className="text-xs text-ink-muted">(not a format docsvc reads)</span>
                        )}
                      </label>
                    )}
                  </td>
                  <td className="py-2 pr-3">{KIND_NAMES[file.mime_type] ?? file.mime_type}</td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {file.size_bytes === null ? "—" : formatBytes(file.size_bytes)}
                  </td>
                  <td className="py-2 whitespace-nowrap">
                    {file.modified_at ? new Date(file.modified_at).toLocaleDateString() : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {overCount ? <Alert tone="warning">One import takes {MAX_IMPORT} files; choose fewer.</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div>
        <Button loading={busy} disabled={chosen.size === 0 || overCount} onClick={() => void importChosen()}>
          {chosen.size === 1 ? "Import 1 file" : `Import ${chosen.size} files`}
        </Button>
      </div>
      {imported ? <ImportedBatch imported={imported} /> : null}
    </div>
  );
}

function ImportedBatch({ imported }: { imported: Imported }) {
  const { status } = useBatchStatus({}, imported.batch_id);
  const progress = status?.progress ?? 0;
  return (
    <div className="flex flex-col gap-2" data-testid="drive-import-result">
      <ProgressBar
        label="Reading the imported files"
        value={progress}
        detail={`${imported.documents.length} imported · ${status?.status ?? "queued"}`}
      />
      {imported.rejected.length > 0 ? (
        <Alert tone="warning" title="Not imported">
          <ul>
            {imported.rejected.map((refusal) => (
              <li key={refusal.file_index}>{refusal.message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <Link href={batchPath(imported.batch_id)} className="text-sm underline">
        Open the batch
      </Link>
    </div>
  );
}

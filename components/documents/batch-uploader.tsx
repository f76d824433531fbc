"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/text-field";
import { failedShare } from "./document-progress";
import { FileDropZone } from "./file-drop-zone";
import { formatBytes, plural } from "./format";
import { ProgressBar } from "./progress-bar";
import { UploadProgressList } from "./upload-progress-list";
import { UploadRefusal } from "./upload-refusal";
import { useBatchStatus } from "./use-batch-status";
import { useUpload } from "./use-upload";
import { isSettled } from "./types";

/** The signed-in upload: many files at once, bytes then pages, and the way to the finished batch. */
export function BatchUploader() {
  const [chosen, setChosen] = useState<File[]>([]);
  const [batchName, setBatchName] = useState("");
  const { state, start, reset } = useUpload();
  const batchId = state.phase === "uploaded" ? state.upload.batch_id : undefined;
  const { status, error: statusError } = useBatchStatus({}, batchId);
  const busy = state.phase === "uploading" || (state.phase === "uploaded" && !(status && isSettled(status.status)));

  if (state.phase !== "idle") {
    return (
      <div className="flex flex-col gap-4">
        {status ? (
          <ProgressBar
            label="Batch progress"
            value={status.progress}
            failed={failedShare(status)}
            detail={`${status.pages_done} of ${plural(status.pages_total, "page")} read${status.pages_failed ? `, ${status.pages_failed} failed` : ""}`}
          />
        ) : null}
        <UploadProgressList
          files={state.files}
          sent={state.sent}
          upload={state.phase === "uploaded" ? state.upload : undefined}
          status={status}
        />
        {state.phase === "failed" ? <UploadRefusal error={state.error} /> : null}
        {statusError && !status ? <UploadRefusal error={statusError} /> : null}
        <p role="status" className="min-h-5 text-sm text-ink-muted">
          {state.phase === "uploading"
            ? "Uploading…"
            : busy
              ? "Reading your documents. This page updates by itself."
              : status
                ? "Done."
                : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          {batchId ? (
            <Link href={`/batches/${batchId}`} className={buttonClasses("primary")}>
              Open batch
            </Link>
          ) : null}
          <Button
            variant="secondary"
            disabled={state.phase === "uploading"}
            onClick={() => {
              reset();
              setChosen([]);
              setBatchName("");
            }}
          >
            Upload more files
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      aria-label="Upload documents"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length > 0) void start(chosen, { batchName: batchName.trim() || undefined });
      }}
    >
      <TextField
        label="Batch name (optional)"
        value={batchName}
        maxLength={200}
        onChange={(event) => setBatchName(event.target.value)}
        hint="Shown in your list of batches."
      />
      <FileDropZone label="Choose files" multiple onFiles={(files) => setChosen((previous) => [...previous, ...files])}>
        PDF, images (PNG, JPEG, TIFF…), Word, Excel, PowerPoint and more.
      </FileDropZone>
      {chosen.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line rounded-md border border-line" aria-label="Chosen files">
          {chosen.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 truncate">{file.name}</span>
              <span className="flex items-center gap-2 text-ink-muted">
                {formatBytes(file.size)}
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setChosen((previous) => previous.filter((_, other) => other !== index))}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div>
        <Button type="submit" disabled={chosen.length === 0}>
          {chosen.length > 0 ? `Upload ${plural(chosen.length, "file")}` : "Upload"}
        </Button>
      </div>
    </form>
  );
}

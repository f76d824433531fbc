"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { TextField } from "@/components/ui/text-field";
import type { UploadAllowance } from "@/lib/batches/get-upload-allowance";
import type { BrowserUploadLimits } from "./check-chosen-files";
import { ChosenFileList } from "./chosen-file-list";
import { failedShare } from "./document-progress";
import { FileDropZone } from "./file-drop-zone";
import { plural } from "./format";
import { ProgressBar } from "./progress-bar";
import { UploadProgressList } from "./upload-progress-list";
import { UploadLimitsSummary } from "./upload-limits-summary";
import { UploadRefusal } from "./upload-refusal";
import { useBatchStatus } from "./use-batch-status";
import { useChosenFiles } from "./use-chosen-files";
import { useUpload } from "./use-upload";
import { isSettled } from "./types";

/**
 * The signed-in upload: the caller's limits first, each chosen file checked in the browser before a
 * byte is sent, then bytes and pages as they are read, and the way to the finished batch.
 */
export function BatchUploader({ allowance }: { allowance: UploadAllowance }) {
  const limits = useMemo<BrowserUploadLimits>(
    () => ({
      maxFileSizeBytes: allowance.maxFileSizeBytes,
      maxPages: allowance.maxPages,
      maxRequestBytes: allowance.maxRequestBytes,
      readableExtensions: allowance.readableExtensions,
      unavailableFormats: allowance.unavailableFormats,
      tokens: { available: allowance.tokensAvailable, perPage: allowance.tokensPerPage },
    }),
    [allowance],
  );
  const { chosen, add, remove, clear, totalsProblem, checking, refusedCount, ready } = useChosenFiles(limits);
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
          refusedAll={state.phase === "failed" ? state.error.message : undefined}
        />
        {state.phase === "failed" ? (
          <UploadRefusal
            error={state.error}
            action={
              <Button variant="secondary" onClick={reset}>
                Change the files
              </Button>
            }
          />
        ) : null}
        {state.phase === "uploaded" && state.upload.rejected.length > 0 ? (
          <Alert tone="warning" title={`${plural(state.upload.rejected.length, "file")} not accepted`}>
            The other files were uploaded and are being read. The files marked in red were left out; the reason is under
            each of them.
          </Alert>
        ) : null}
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
              clear();
              setBatchName("");
            }}
          >
            {state.phase === "failed" ? "Start over" : "Upload more files"}
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
        if (ready)
          void start(
            chosen.map((item) => item.file),
            { batchName: batchName.trim() || undefined },
          );
      }}
    >
      <UploadLimitsSummary allowance={allowance} />
      <TextField
        label="Batch name (optional)"
        value={batchName}
        maxLength={200}
        onChange={(event) => setBatchName(event.target.value)}
        hint="Shown in your list of batches."
      />
      <FileDropZone
        label="Choose files"
        multiple
        accept={allowance.readableExtensions.map((extension) => `.${extension}`).join(",")}
        onFiles={add}
      >
        PDF, images (PNG, JPEG, TIFF…), Word, Excel, PowerPoint and more.
      </FileDropZone>
      {chosen.length > 0 ? <ChosenFileList chosen={chosen} onRemove={remove} /> : null}
      {totalsProblem ? (
        <Alert tone="warning" title="Too much for one upload">
          {totalsProblem}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!ready}>
          {chosen.length > 0 ? `Upload ${plural(chosen.length, "file")}` : "Upload"}
        </Button>
        <p className="text-sm text-ink-muted" role="status">
          {checking
            ? "Checking the files…"
            : refusedCount > 0
              ? `Remove the ${plural(refusedCount, "file")} marked in red to upload the others.`
              : ""}
        </p>
      </div>
    </form>
  );
}

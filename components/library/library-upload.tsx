"use client";

import { useState } from "react";
import { FileDropZone } from "@/components/documents/file-drop-zone";
import { ProgressBar } from "@/components/documents/progress-bar";
import { Alert } from "@/components/ui/alert";
import { LIBRARY_MAX_BYTES, LIBRARY_UPLOAD_ACCEPT, libraryUploadProblem } from "@/lib/library/library-upload-rules";
import { uploadLibraryFile, type SavedLibraryFile } from "./upload-library-file";

type UploadState =
  | { phase: "idle" }
  | { phase: "sending"; fileName: string; share: number }
  | { phase: "saved"; file: SavedLibraryFile }
  | { phase: "refused"; message: string };

/** Pick or drop one file to keep in the library: refused kinds, empty and oversized files are said before sending. */
export function LibraryUpload({ onSaved }: { onSaved: (file: SavedLibraryFile) => void }) {
  const [state, setState] = useState<UploadState>({ phase: "idle" });

  async function send(file: File) {
    const problem = libraryUploadProblem(file);
    if (problem) {
      setState({ phase: "refused", message: problem });
      return;
    }
    setState({ phase: "sending", fileName: file.name, share: 0 });
    try {
      const saved = await uploadLibraryFile(file, (share) =>
        setState({ phase: "sending", fileName: file.name, share }),
      );
      setState({ phase: "saved", file: saved });
      onSaved(saved);
    } catch (thrown) {
      const reason = thrown instanceof Error ? thrown.message : String(thrown);
      setState({ phase: "refused", message: `${file.name} was not saved: ${reason}` });
    }
  }

  return (
    <section aria-labelledby="library-upload-heading" className="flex flex-col gap-3">
      <h2 id="library-upload-heading" className="text-lg font-semibold">
        Add a file
      </h2>
      <FileDropZone
        label="choose a file to add"
        accept={LIBRARY_UPLOAD_ACCEPT}
        disabled={state.phase === "sending"}
        onFiles={(files) => void send(files[0])}
      >
        Spreadsheets (XLSX, XLSM, XLS, ODS, CSV) are kept as templates you can pick for automap and Excel fill; PDFs,
        Word documents, images and text files as documents. Up to {LIBRARY_MAX_BYTES / 1024 / 1024} MB.
      </FileDropZone>
      {state.phase === "sending" ? (
        <ProgressBar
          label={`Uploading ${state.fileName}`}
          value={state.share * 100}
          detail={`Uploading ${state.fileName}`}
        />
      ) : null}
      {state.phase === "saved" ? (
        <Alert tone="success">
          {state.file.file_name} was added to your library as a {state.file.kind}
          {state.file.kind === "template" ? "; pick it under Map to a template in a document's chat." : "."}
        </Alert>
      ) : null}
      {state.phase === "refused" ? (
        <Alert tone="error" title="This file was not added">
          {state.message}
        </Alert>
      ) : null}
    </section>
  );
}

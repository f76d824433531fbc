"use client";

import { useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button-classes";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/client/api-fetch";
import { postForDownload, saveBlob } from "./download-file";

/** A page's unsaved corrections, as the viewer keeps them. */
export interface UnsavedPage {
  page_number: number;
  extracted_text?: string;
  structured_data?: unknown;
}

export interface ExportMenuProps {
  batchId: string;
  /** The viewer's document: exports just it, and offers the convert formats. Absent on the batch page. */
  documentId?: string;
  /** Corrections not saved yet; every export includes them. */
  unsavedPages?: UnsavedPage[];
}

type ExportChoice =
  { kind: "pdf"; mode: "searchable" | "report" } | { kind: "docx" } | { kind: "convert"; format: ConvertFormat };
type ConvertFormat = "xml" | "csv" | "yaml" | "markdown" | "text" | "json";

const EXPORTS: { label: string; choice: ExportChoice }[] = [
  { label: "Searchable PDF", choice: { kind: "pdf", mode: "searchable" } },
  { label: "Report PDF", choice: { kind: "pdf", mode: "report" } },
  { label: "Word (DOCX)", choice: { kind: "docx" } },
];
const CONVERTS: { label: string; format: ConvertFormat }[] = [
  { label: "JSON", format: "json" },
  { label: "XML", format: "xml" },
  { label: "CSV", format: "csv" },
  { label: "YAML", format: "yaml" },
  { label: "Markdown", format: "markdown" },
  { label: "Plain text", format: "text" },
];

/** The whole batch converts to these (POST /api/batch/{batch_id}/convert/{format}). */
const BATCH_CONVERTS = CONVERTS.filter((entry) => ["json", "csv", "markdown"].includes(entry.format));

/** Downloads the batch or document as PDF, DOCX or a text format, including unsaved corrections. */
export function ExportMenu({ batchId, documentId, unsavedPages = [] }: ExportMenuProps) {
  const [busy, setBusy] = useState<string>();
  const [message, setMessage] = useState<{ tone: "success" | "error" | "warning"; text: string }>();
  const details = useRef<HTMLDetailsElement>(null);

  async function run(label: string, choice: ExportChoice) {
    details.current?.removeAttribute("open");
    setBusy(label);
    setMessage(undefined);
    try {
      const edits = documentId && unsavedPages.length > 0 ? unsavedPages : undefined;
      if (choice.kind === "convert") {
        const name = await convert(choice.format, edits);
        setMessage({ tone: "success", text: `Downloaded ${name}.` });
        return;
      }
      const body = {
        ...(documentId ? { document_ids: [documentId] } : {}),
        ...(documentId && edits ? { documents: [{ document_id: documentId, pages: edits }] } : {}),
        ...(choice.kind === "pdf" ? { mode: choice.mode } : {}),
      };
      const result = await postForDownload(
        `/api/batch/${encodeURIComponent(batchId)}/export/${choice.kind}`,
        body,
        `export.${choice.kind}`,
      );
      setMessage(
        result.missingPages
          ? {
              tone: "warning",
              text: `Downloaded ${result.fileName}, without pages not read yet: ${result.missingPages}.`,
            }
          : { tone: "success", text: `Downloaded ${result.fileName}.` },
      );
    } catch (thrown) {
      setMessage({
        tone: "error",
        text: `${label} failed: ${thrown instanceof Error ? thrown.message : String(thrown)}`,
      });
    } finally {
      setBusy(undefined);
    }
  }

  async function convert(format: ConvertFormat, pages: UnsavedPage[] | undefined): Promise<string> {
    if (!documentId) {
      const whole = await apiFetch<ConvertedFile & { message: string; skipped: string[] }>(
        `/api/batch/${encodeURIComponent(batchId)}/convert/${format}`,
        { method: "POST" },
      );
      saveBlob(new Blob([whole.content], { type: whole.content_type }), whole.file_name);
      return whole.skipped.length > 0
        ? `${whole.file_name} (not read yet, left out: ${whole.skipped.join(", ")})`
        : whole.file_name;
    }
    const base = `/api/batch/documents/${encodeURIComponent(documentId!)}`;
    const body = pages ? { pages } : {};
    const output =
      format === "json"
        ? (await apiFetch<{ formats: Record<string, ConvertedFile> }>(`${base}/convert-all`, { method: "POST", body }))
            .formats.json
        : await apiFetch<ConvertedFile>(`${base}/convert/${format}`, { method: "POST", body });
    saveBlob(new Blob([output.content], { type: output.content_type }), output.file_name);
    return output.file_name;
  }

  return (
    <div className="flex flex-col items-end gap-2">
      <details ref={details} className="relative" data-testid="export-menu">
        <summary
          className={`${buttonClasses("secondary", "cursor-pointer list-none px-3 py-1.5")}`}
          aria-label="Export"
        >
          {busy ? <Spinner /> : null}
          {busy ? `Exporting ${busy}…` : "Export"} <span aria-hidden="true">▾</span>
        </summary>
        <div
          role="menu"
          className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-line bg-surface p-1 text-sm shadow-lg"
        >
          {EXPORTS.map((entry) => (
            <MenuItem
              key={entry.label}
              label={entry.label}
              disabled={busy !== undefined}
              onSelect={() => run(entry.label, entry.choice)}
            />
          ))}
          <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase text-ink-muted">
            {documentId ? "Convert" : "Every document in one file"}
          </p>
          {(documentId ? CONVERTS : BATCH_CONVERTS).map((entry) => (
            <MenuItem
              key={entry.format}
              label={entry.label}
              disabled={busy !== undefined}
              onSelect={() => run(entry.label, { kind: "convert", format: entry.format })}
            />
          ))}
        </div>
      </details>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}

interface ConvertedFile {
  content: string;
  content_type: string;
  file_name: string;
}

function MenuItem({ label, disabled, onSelect }: { label: string; disabled: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      disabled={disabled}
      onClick={onSelect}
      className="block w-full rounded px-3 py-1.5 text-left hover:bg-surface-muted disabled:opacity-50"
    >
      {label}
    </button>
  );
}

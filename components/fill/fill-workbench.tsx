"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { ProgressBar } from "@/components/documents/progress-bar";
import { useBatchHistory } from "@/components/documents/use-batch-history";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses, FOCUS_RING } from "@/components/ui/button-classes";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError } from "@/lib/client/api-error";
import { useApiResource } from "@/lib/client/use-api-resource";
import { FillEvidence, type SourceChoice } from "./fill-evidence";
import { startFill, waitForJob, type FillJob, type FillKind } from "./fill-api";
import { CellReview, FieldReview } from "./fill-review";
import { FillJobList } from "./fill-job-list";
import { changedValues, parseValueLines } from "./parse-value-lines";

const PDF = /\.pdf$/i;
const SPREADSHEET = /\.(xlsx|xlsm|xltx|xls|ods|qpw)$/i;
const fieldClasses = `rounded-md border border-line bg-surface px-3 py-2 ${FOCUS_RING}`;

type Phase = "setup" | "running" | "done";
interface LibraryTemplate {
  id: string;
  file_name: string;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

function kindOf(target: File | undefined, templateId: string): FillKind | undefined {
  if (templateId) return "excel";
  if (!target) return undefined;
  if (PDF.test(target.name)) return "pdf";
  if (SPREADSHEET.test(target.name)) return "excel";
  return undefined;
}

/** Target → sources → run as a job with progress → review every value with its evidence → re-fill → download. */
export function FillWorkbench() {
  const [target, setTarget] = useState<File>();
  const [templateId, setTemplateId] = useState("");
  const [sourceFiles, setSourceFiles] = useState<File[]>([]);
  const [batchId, setBatchId] = useState("");
  const [instructions, setInstructions] = useState("");
  const [valueLines, setValueLines] = useState("");
  const [flatten, setFlatten] = useState(false);
  const [phase, setPhase] = useState<Phase>("setup");
  const [job, setJob] = useState<FillJob>();
  const [error, setError] = useState<string>();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [mappings, setMappings] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string>();
  const [batchDocuments, setBatchDocuments] = useState<SourceChoice["batchDocuments"]>([]);
  const [jobsVersion, setJobsVersion] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const { history } = useBatchHistory({ limit: 50, offset: 0 });
  const templates = useApiResource<{ files: LibraryTemplate[] }>("/api/batch/library?kind=template&limit=200");
  const kind = kindOf(target, templateId);

  useEffect(() => () => abort.current?.abort(), []);

  /** The chosen batch's documents by name, so a value's evidence links to its page in the viewer. */
  const chooseBatch = (chosen: string) => {
    setBatchId(chosen);
    setBatchDocuments([]);
    if (!chosen) return;
    apiFetch<{ documents: Array<{ document_id: string; file_name: string }> }>(`/api/batch/status/${chosen}`)
      .then((status) =>
        setBatchDocuments(
          status.documents.map((document) => ({
            batchId: chosen,
            documentId: document.document_id,
            fileName: document.file_name,
          })),
        ),
      )
      .catch(() => setBatchDocuments([]));
  };

  const run = async (values: Record<string, string>) => {
    if (!kind) {
      setError("Choose a PDF form (.pdf) or an Excel template (.xlsx, .xlsm, .xltx, .xls, .ods) to fill.");
      return;
    }
    const form = new FormData();
    if (kind === "pdf" && target) form.append("target_pdf", target);
    if (kind === "excel" && templateId) form.append("target_excel_id", templateId);
    else if (kind === "excel" && target) form.append("target_excel", target);
    for (const file of sourceFiles) form.append("source_files", file);
    if (batchId) form.append("source_batch_id", batchId);
    if (kind === "pdf" && instructions.trim()) form.append("instructions", instructions);
    if (Object.keys(values).length > 0)
      form.append(kind === "pdf" ? "field_mappings" : "cell_mappings", JSON.stringify(values));
    if (kind === "pdf") form.append("flatten", String(flatten));
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPhase("running");
    setError(undefined);
    setSelected(undefined);
    // The previous result goes while the new job runs, so nobody downloads the old file by mistake.
    setJob(undefined);
    try {
      const { id } = await startFill(kind, form);
      const finished = await waitForJob(id, setJob, controller.signal);
      setEdits({});
      setMappings(values);
      setPhase("done");
      if (finished.status !== "completed")
        setError(finished.error?.message ?? `The fill job ended as ${finished.status}.`);
    } catch (thrown) {
      if (controller.signal.aborted) return;
      setError(messageOf(thrown));
      setPhase("setup");
    } finally {
      setJobsVersion((version) => version + 1);
    }
  };

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseValueLines(valueLines);
    if (parsed.error) return setError(parsed.error);
    if (sourceFiles.length === 0 && !batchId && !instructions.trim() && Object.keys(parsed.values).length === 0)
      return setError("Give something to fill from: source documents, a batch, instructions or values.");
    void run(parsed.values);
  };

  const result = job?.status === "completed" ? job.result : undefined;
  const fields = result?.field_details ?? [];
  const cells = result?.cells ?? [];
  const refill = () => {
    const rows =
      kind === "pdf"
        ? fields.map((field) => ({
            key: field.field_name,
            original: field.value,
            edited: edits[field.field_name] ?? field.value,
          }))
        : cells.map((cell) => {
            const key = `${cell.sheet}!${cell.cell}`;
            return { key, original: String(cell.value), edited: edits[key] ?? String(cell.value) };
          });
    void run(changedValues(rows, mappings));
  };
  const edited = Object.keys(edits).length > 0;
  const selectedField = fields.find((field) => field.field_name === selected);
  const progress = job?.progress;

  return (
    <div className="flex flex-col gap-8">
      <form onSubmit={onStart} className="flex flex-col gap-5" aria-label="Fill a form">
        <fieldset className="flex flex-col gap-3">
          <legend className="text-lg font-semibold">1. The form to fill</legend>
          <label className="flex flex-col gap-1 text-sm font-medium">
            A PDF form or an Excel template from this computer
            <input
              type="file"
              accept=".pdf,.xlsx,.xlsm,.xltx,.xls,.ods,.qpw"
              className={fieldClasses}
              onChange={(event) => {
                setTarget(event.target.files?.[0]);
                setTemplateId("");
              }}
            />
          </label>
          {templates.data && templates.data.files.some((file) => SPREADSHEET.test(file.file_name)) ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              …or an Excel template from your Library
              <select
                value={templateId}
                onChange={(event) => setTemplateId(event.target.value)}
                className={fieldClasses}
              >
                <option value="">No library template</option>
                {templates.data.files
                  .filter((file) => SPREADSHEET.test(file.file_name))
                  .map((file) => (
                    <option key={file.id} value={file.id}>
                      {file.file_name}
                    </option>
                  ))}
              </select>
            </label>
          ) : null}
          {target && !kind ? (
            <Alert tone="warning">
              {target.name} is neither a PDF form nor a spreadsheet template; choose a .pdf, .xlsx, .xlsm, .xltx, .xls
              or .ods file.
            </Alert>
          ) : null}
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="text-lg font-semibold">2. What to fill it from</legend>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Source documents from this computer (any supported format, several allowed)
            <input
              type="file"
              multiple
              className={fieldClasses}
              onChange={(event) => setSourceFiles(Array.from(event.target.files ?? []))}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            …and/or the documents of a batch
            <select value={batchId} onChange={(event) => chooseBatch(event.target.value)} className={fieldClasses}>
              <option value="">No batch</option>
              {history?.batches.map((batch) => (
                <option key={batch.batch_id} value={batch.batch_id}>
                  {batch.batch_name ?? batch.batch_id} ({batch.document_count} documents)
                </option>
              ))}
            </select>
          </label>
          {kind !== "excel" ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              Instructions (optional)
              <textarea
                value={instructions}
                onChange={(event) => setInstructions(event.target.value)}
                rows={2}
                placeholder="Use today's date. Tick married. Set city to Berlin."
                className={fieldClasses}
              />
            </label>
          ) : null}
          <label className="flex flex-col gap-1 text-sm font-medium">
            {kind === "excel" ? "Cell values (optional), one per line" : "Field values (optional), one per line"}
            <textarea
              value={valueLines}
              onChange={(event) => setValueLines(event.target.value)}
              rows={3}
              placeholder={kind === "excel" ? "Sheet1!B3 = Acme Ltd" : "full_name = Jane Roe"}
              className={`${fieldClasses} font-mono text-sm`}
            />
            <span className="text-xs font-normal text-ink-muted">
              These always win over values read from documents.
            </span>
          </label>
          {kind === "pdf" ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={flatten} onChange={(event) => setFlatten(event.target.checked)} />
              Flatten the form after filling (the fields can no longer be edited)
            </label>
          ) : null}
        </fieldset>

        {error ? <Alert tone="error">{error}</Alert> : null}
        <div>
          <Button type="submit" loading={phase === "running"} disabled={!kind}>
            Fill the form
          </Button>
        </div>
      </form>

      {phase === "running" ? (
        <ProgressBar
          label="Filling"
          value={progress && progress.total > 0 ? (progress.current / progress.total) * 100 : 0}
          detail={progress?.message ?? "Reading the sources and filling the form…"}
        />
      ) : null}

      {result ? (
        <section aria-labelledby="fill-review-title" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="fill-review-title" className="text-xl font-semibold">
              {kind === "pdf"
                ? `${result.fields_filled ?? 0} of ${result.fields_total ?? 0} fields filled`
                : `${result.cells_written ?? 0} cells written`}
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={!edited || phase === "running"} onClick={refill}>
                Fill again with my changes
              </Button>
              {result.download_url ? (
                <a href={result.download_url} className={buttonClasses("primary")} download>
                  Download the filled file
                </a>
              ) : null}
            </div>
          </div>
          {result.unresolved?.length ? (
            <Alert tone="warning" title="Instructions nothing could be made of">
              {result.unresolved.join(" · ")}
            </Alert>
          ) : null}
          {kind === "pdf" ? (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <FieldReview
                fields={fields}
                edits={edits}
                onEdit={(name, value) => setEdits((previous) => ({ ...previous, [name]: value }))}
                selected={selected}
                onSelect={setSelected}
              />
              <div className="lg:sticky lg:top-4 lg:self-start">
                {selectedField ? (
                  <FillEvidence field={selectedField} sources={{ files: sourceFiles, batchDocuments }} />
                ) : (
                  <p className="text-sm text-ink-muted">
                    Choose a field&apos;s reason to see where its value came from.
                  </p>
                )}
              </div>
            </div>
          ) : (
            <CellReview
              cells={cells}
              edits={edits}
              onEdit={(address, value) => setEdits((previous) => ({ ...previous, [address]: value }))}
            />
          )}
        </section>
      ) : null}

      <FillJobList version={jobsVersion} />
    </div>
  );
}

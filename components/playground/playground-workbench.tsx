"use client";

import { useEffect, useRef, useState } from "react";
import { useBatchHistory } from "@/components/documents/use-batch-history";
import { getJob } from "@/components/fill/fill-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { CopyButton } from "@/components/ui/copy-button";
import { apiFetch } from "@/lib/client/api-fetch";
import { ApiError, toApiError } from "@/lib/client/api-error";
import { useApiResource } from "@/lib/client/use-api-resource";
import { useHydrated } from "@/lib/client/use-hydrated";
import { HighlightedPage, type NormalisedBox } from "./highlighted-page";
import { requestSnippets } from "./request-snippets";
import { SchemaBuilder } from "./schema-builder";
import { schemaProblem, type SchemaField } from "./schema-fields";

interface FieldDetail {
  name: string;
  value: string | null;
  page: number | null;
  box: NormalisedBox | null;
  confidence: number;
  words: string[];
  reason?: string;
}
interface Extraction {
  fields: Record<string, string | null>;
  field_details?: FieldDetail[];
}
interface SavedSchema {
  id: string;
  name: string;
  fields: SchemaField[];
}
type Language = "curl" | "fetch" | "python";

const STARTER: SchemaField[] = [
  { name: "invoice_number", type: "string" },
  { name: "invoice_date", type: "date" },
  { name: "total", type: "number" },
];
const fieldClasses = `rounded-md border border-line bg-surface px-3 py-2 ${FOCUS_RING}`;
const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

async function postExtract(form: FormData, signal: AbortSignal): Promise<Extraction> {
  const response = await fetch("/api/extract", { method: "POST", body: form, credentials: "same-origin", signal });
  const text = await response.text();
  const body = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw toApiError(response.status, body);
  if (response.status === 200) return body.result as Extraction;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 700));
    const job = await getJob(body.id, signal);
    if (job.status === "completed") return job.result as unknown as Extraction;
    if (job.status !== "processing") throw new Error(job.error?.message ?? `The extraction ended as ${job.status}.`);
  }
}

/** Build a schema, run it on a document, see each typed value with its page, box and confidence. */
export function PlaygroundWorkbench() {
  const [fields, setFields] = useState<SchemaField[]>(STARTER);
  const [schemaName, setSchemaName] = useState("");
  const [mode, setMode] = useState<"batch" | "file">("batch");
  const [file, setFile] = useState<File>();
  const [batchId, setBatchId] = useState("");
  const [documents, setDocuments] = useState<Array<{ document_id: string; file_name: string }>>([]);
  const [documentId, setDocumentId] = useState("");
  const [result, setResult] = useState<{ extraction: Extraction; source: "batch" | "file" }>();
  const [selected, setSelected] = useState<string>();
  const [view, setView] = useState<"table" | "json">("table");
  const [language, setLanguage] = useState<Language>("curl");
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  const { history } = useBatchHistory({ limit: 50, offset: 0 });
  const saved = useApiResource<{ schemas: SavedSchema[] }>("/api/extraction-schemas");
  // The server's HTML has no origin; the snippet gains it once the page runs in the browser.
  const hydrated = useHydrated();
  useEffect(() => () => abort.current?.abort(), []);

  const chooseBatch = (chosen: string) => {
    setBatchId(chosen);
    setDocumentId("");
    setDocuments([]);
    if (!chosen) return;
    apiFetch<{ documents: Array<{ document_id: string; file_name: string }> }>(`/api/batch/status/${chosen}`)
      .then((status) => {
        setDocuments(status.documents);
        setDocumentId(status.documents[0]?.document_id ?? "");
      })
      .catch((thrown) => setError(messageOf(thrown)));
  };

  const run = async () => {
    const problem = schemaProblem(fields);
    if (problem) return setError(problem);
    const form = new FormData();
    if (mode === "file") {
      if (!file) return setError("Choose a file to extract from.");
      form.append("file", file);
    } else {
      if (!batchId || !documentId) return setError("Choose a batch and one of its documents.");
      form.append("source_batch_id", batchId);
      form.append("source_document_id", documentId);
    }
    form.append("schema", JSON.stringify(fields.map((field) => ({ name: field.name.trim(), type: field.type }))));
    form.append("detail", "true");
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setRunning(true);
    setError(undefined);
    try {
      const extraction = await postExtract(form, controller.signal);
      setResult({ extraction, source: mode });
      setSelected(extraction.field_details?.find((detail) => detail.value !== null)?.name);
    } catch (thrown) {
      if (!controller.signal.aborted) setError(messageOf(thrown));
    } finally {
      setRunning(false);
    }
  };

  const save = async () => {
    const problem = schemaProblem(fields) ?? (schemaName.trim() ? undefined : "Give the schema a name to save it.");
    if (problem) return setError(problem);
    try {
      await apiFetch("/api/extraction-schemas", { method: "POST", body: { name: schemaName.trim(), fields } });
      setError(undefined);
      setNotice(`Saved "${schemaName.trim()}".`);
      saved.reload();
    } catch (thrown) {
      setError(messageOf(thrown));
    }
  };

  const details = result?.extraction.field_details ?? [];
  const chosen = details.find((detail) => detail.name === selected);
  const fileName =
    mode === "file"
      ? (file?.name ?? "document.pdf")
      : (documents.find((d) => d.document_id === documentId)?.file_name ?? "document.pdf");
  const snippets = requestSnippets({
    origin: hydrated ? window.location.origin : "",
    fileName,
    fields,
  });
  const pageSource =
    result?.source === "file" && file
      ? ({ kind: "file", file } as const)
      : ({ kind: "batch", batchId, documentId } as const);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="schema-title" className="flex flex-col gap-3">
        <h2 id="schema-title" className="text-xl font-semibold">
          1. The fields to extract
        </h2>
        {saved.data && saved.data.schemas.length > 0 ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            Start from a saved schema
            <select
              className={fieldClasses}
              value=""
              onChange={(event) => {
                const schema = saved.data?.schemas.find((candidate) => candidate.id === event.target.value);
                if (!schema) return;
                setFields(schema.fields);
                setSchemaName(schema.name);
              }}
            >
              <option value="">Choose…</option>
              {saved.data.schemas.map((schema) => (
                <option key={schema.id} value={schema.id}>
                  {schema.name} ({schema.fields.length} fields)
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <SchemaBuilder fields={fields} onChange={setFields} />
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Schema name
            <input
              className={fieldClasses}
              value={schemaName}
              onChange={(event) => setSchemaName(event.target.value)}
              placeholder="Invoices"
            />
          </label>
          <Button variant="secondary" onClick={() => void save()}>
            Save schema
          </Button>
        </div>
      </section>

      <section aria-labelledby="document-title" className="flex flex-col gap-3">
        <h2 id="document-title" className="text-xl font-semibold">
          2. The document
        </h2>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="sr-only">Where the document comes from</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="source" checked={mode === "batch"} onChange={() => setMode("batch")} />
            From one of my batches
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="source" checked={mode === "file"} onChange={() => setMode("file")} />A file from
            this computer
          </label>
        </fieldset>
        {mode === "batch" ? (
          <div className="flex flex-wrap gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Batch to extract from
              <select className={fieldClasses} value={batchId} onChange={(event) => chooseBatch(event.target.value)}>
                <option value="">Choose a batch…</option>
                {history?.batches.map((batch) => (
                  <option key={batch.batch_id} value={batch.batch_id}>
                    {batch.batch_name ?? batch.batch_id}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Document to extract from
              <select
                className={fieldClasses}
                value={documentId}
                onChange={(event) => setDocumentId(event.target.value)}
              >
                {documents.length === 0 ? <option value="">No documents</option> : null}
                {documents.map((document) => (
                  <option key={document.document_id} value={document.document_id}>
                    {document.file_name}
                  </option>
                ))}
              </select>
            </label>
          </div>
        ) : (
          <label className="flex flex-col gap-1 text-sm font-medium">
            File
            <input type="file" className={fieldClasses} onChange={(event) => setFile(event.target.files?.[0])} />
          </label>
        )}
        {error ? <Alert tone="error">{error}</Alert> : notice ? <Alert tone="success">{notice}</Alert> : null}
        <div>
          <Button loading={running} onClick={() => void run()}>
            Run the extraction
          </Button>
        </div>
      </section>

      {result ? (
        <section aria-labelledby="results-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="results-title" className="text-xl font-semibold">
              3. What was found
            </h2>
            <div role="group" aria-label="Show results as" className="flex gap-2">
              <Button
                variant={view === "table" ? "primary" : "secondary"}
                aria-pressed={view === "table"}
                onClick={() => setView("table")}
              >
                Table
              </Button>
              <Button
                variant={view === "json" ? "primary" : "secondary"}
                aria-pressed={view === "json"}
                onClick={() => setView("json")}
              >
                JSON
              </Button>
            </div>
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            {view === "table" ? (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Extracted fields</caption>
                  <thead className="text-ink-muted">
                    <tr>
                      <th scope="col" className="py-2 pr-3">
                        Field
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Value
                      </th>
                      <th scope="col" className="py-2 pr-3">
                        Confidence
                      </th>
                      <th scope="col" className="py-2">
                        Page
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {details.map((detail) => (
                      <tr
                        key={detail.name}
                        data-testid={`extracted-${detail.name}`}
                        className={`border-t border-line ${selected === detail.name ? "bg-brand-50 dark:bg-surface-muted" : ""}`}
                      >
                        <th scope="row" className="py-2 pr-3 font-medium">
                          <button
                            type="button"
                            className={`text-left underline decoration-dotted ${FOCUS_RING}`}
                            aria-pressed={selected === detail.name}
                            onClick={() => setSelected(detail.name)}
                          >
                            {detail.name}
                          </button>
                        </th>
                        <td className="py-2 pr-3 break-words">
                          {detail.value ?? <span className="text-ink-muted">not found</span>}
                        </td>
                        <td className="py-2 pr-3">
                          {detail.value === null ? "—" : `${Math.round(detail.confidence * 100)}%`}
                        </td>
                        <td className="py-2">{detail.page ?? "—"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <pre
                className="max-h-96 overflow-auto rounded border border-line bg-surface-muted p-3 text-xs"
                tabIndex={0}
                aria-label="The result as JSON"
              >
                {JSON.stringify(result.extraction, null, 2)}
              </pre>
            )}
            <div className="lg:sticky lg:top-4 lg:self-start">
              {chosen && chosen.page ? (
                <div className="flex flex-col gap-2">
                  <p className="text-sm">
                    <span className="font-medium">{chosen.name}</span>: {chosen.value}
                    {chosen.reason ? <span className="block text-ink-muted">{chosen.reason}</span> : null}
                  </p>
                  <HighlightedPage source={pageSource} page={chosen.page} box={chosen.box} label={chosen.name} />
                </div>
              ) : (
                <p className="text-sm text-ink-muted">Choose a field to see where its value is on the page.</p>
              )}
            </div>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="code-title" className="flex flex-col gap-2">
        <h2 id="code-title" className="text-xl font-semibold">
          The same request from your code
        </h2>
        <div role="group" aria-label="Language" className="flex flex-wrap gap-2">
          {(["curl", "fetch", "python"] as const).map((option) => (
            <Button
              key={option}
              variant={language === option ? "primary" : "secondary"}
              aria-pressed={language === option}
              onClick={() => setLanguage(option)}
            >
              {option === "curl" ? "curl" : option === "fetch" ? "JavaScript (fetch)" : "Python"}
            </Button>
          ))}
        </div>
        <pre
          className="overflow-x-auto rounded border border-line bg-surface-muted p-3 text-xs"
          data-testid="request-snippet"
          tabIndex={0}
          aria-label={`The request in ${language}`}
        >
          {snippets[language]}
        </pre>
        <div className="flex items-center gap-3 text-sm text-ink-muted">
          <CopyButton text={snippets[language]} accessibleName={`Copy the ${language} request`} />
          Set DOCSVC_API_KEY to one of your keys from the Developers page.
        </div>
      </section>
    </div>
  );
}

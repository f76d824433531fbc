"use client";

import { useRef, useState } from "react";
import { useBatchHistory } from "@/components/documents/use-batch-history";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiError } from "@/lib/client/api-error";
import { currencyWarning, FilledFieldList, type FilledField } from "./filled-field-list";
import {
  previewPage,
  streamFill,
  submitForm,
  updateFields,
  type FillEvent,
  type WebPreview,
  type WebSubmit,
} from "./web-api";

interface ScannedField {
  ref: string;
  type: string;
  value: string;
  multiple?: boolean;
  options?: Array<{ value: string; label: string }>;
}

/** The options of a single-choice picker (a select or a custom listbox), undefined for any other field. */
function pickerOptions(field: ScannedField | undefined): FilledField["options"] {
  if (!field?.options?.length || field.multiple) return undefined;
  if (!["select", "listbox", "combobox"].includes(field.type)) return undefined;
  return field.options.map((option) => ({ value: option.value, label: option.label }));
}

type Phase = "idle" | "previewing" | "filling" | "filled" | "updating" | "submitting" | "submitted";

const png = (base64: string) => `data:image/png;base64,${base64}`;
const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : String(error);

/** URL → preview → pick documents → watch the fill → correct → submit → result. */
export function WebFillWorkbench() {
  const [url, setUrl] = useState("");
  const [preview, setPreview] = useState<WebPreview>();
  const [batchId, setBatchId] = useState("");
  const [fields, setFields] = useState<FilledField[]>([]);
  const [screenshot, setScreenshot] = useState<string>();
  const [log, setLog] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [documentCurrency, setDocumentCurrency] = useState<string>();
  // The page's fields as the scan found them: a picker's options, its current value.
  const scanned = useRef(new Map<string, ScannedField>());
  const [phase, setPhase] = useState<Phase>("idle");
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<WebSubmit>();
  const abort = useRef<AbortController | null>(null);
  const { history } = useBatchHistory({ limit: 50, offset: 0 });
  const sessionId = preview?.session_id;

  /** Runs one step: `next` while it works, `after` when it is done, `failed` (with the message) when not. */
  const run = async (next: Phase, work: () => Promise<void>, after: Phase, failed: Phase) => {
    setPhase(next);
    setError(undefined);
    try {
      await work();
      setPhase(after);
    } catch (thrown) {
      setError(messageOf(thrown));
      setPhase(failed);
    }
  };

  const onFillEvent = ({ event, data }: FillEvent) => {
    if (event === "navigated" || event === "action" || event === "submitted") {
      if (typeof data.screenshot === "string") setScreenshot(data.screenshot);
    }
    if (event === "fields") {
      scanned.current = new Map(((data.fields ?? []) as ScannedField[]).map((field) => [field.ref, field]));
      setLog((previous) => [...previous, `Found ${String(data.count)} fields on the page.`]);
    }
    if (event === "value") {
      const source = data.source as FilledField["source"];
      setFields((previous) => [
        ...previous.filter((field) => field.ref !== data.ref),
        {
          ref: String(data.ref),
          label: String(data.label),
          value: String(data.value),
          corrected: String(data.value),
          source,
          status: "chosen",
          note: typeof data.note === "string" ? data.note : undefined,
          options: pickerOptions(scanned.current.get(String(data.ref))),
        },
      ]);
    }
    if (event === "action") {
      setFields((previous) =>
        previous.map((field) =>
          field.ref === data.ref
            ? { ...field, status: String(data.status), reason: (data.reason as string | null) ?? undefined }
            : field,
        ),
      );
    }
    if (event === "summary") {
      // The API's summary speaks to programs; the person gets the same facts in the screen's words.
      const unfilled = (data.unfilled ?? []) as Array<{ ref: string; label: string; required: boolean }>;
      const filled = (data.filled ?? []) as unknown[];
      setFields((previous) => [
        ...previous,
        ...unfilled
          .filter((field) => !previous.some((shown) => shown.ref === field.ref))
          .map((field) => {
            // A picker left alone keeps the page's own choice, and is shown with the page's options.
            const options = pickerOptions(scanned.current.get(field.ref));
            const current = options ? (scanned.current.get(field.ref)?.value ?? "") : "";
            return {
              ref: field.ref,
              label: field.label || field.ref,
              value: current,
              corrected: current,
              options,
              status: "unfilled",
              source: { kind: "none", reason: field.required ? "required by the page" : "—" },
            };
          }),
      ]);
      setWarnings((data.warnings ?? []) as string[]);
      setDocumentCurrency(typeof data.document_currency === "string" ? data.document_currency : undefined);
      setLog((previous) => [
        ...previous,
        `Filled ${filled.length} of ${filled.length + unfilled.length + ((data.refused ?? []) as unknown[]).length} fields` +
          (unfilled.length > 0 ? `; ${unfilled.length} left empty, listed below to fill by hand` : "") +
          (data.submitted ? ". The form was submitted." : ". Nothing is sent until you press “Submit the form”."),
      ]);
    }
    if (event === "error") throw new Error(String(data.message));
  };

  // A currency warning goes once its picker is set to the documents' currency.
  const settled = fields.filter((field) => field.options && !currencyWarning(field, documentCurrency));
  const shownWarnings = warnings.filter(
    (warning) => !settled.some((field) => warning.startsWith(`${field.label} is `)),
  );

  return (
    <div className="flex flex-col gap-6">
      <form
        aria-label="Open a web form"
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setFields([]);
          setLog([]);
          setResult(undefined);
          void run(
            "previewing",
            async () => {
              const shown = await previewPage(url.trim());
              setPreview(shown);
              setScreenshot(shown.screenshot);
            },
            "idle",
            "idle",
          );
        }}
      >
        <TextField
          label="Form address"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://example.com/apply"
        />
        <div>
          <Button type="submit" loading={phase === "previewing"} disabled={!url.trim()}>
            Preview
          </Button>
        </div>
      </form>

      {error ? <Alert tone="error">{error}</Alert> : null}

      {preview ? (
        <section aria-label="Page" className="flex flex-col gap-2">
          <p className="text-sm text-ink-muted">
            <span className="font-medium text-ink">{preview.title || preview.url}</span> · {preview.url}
          </p>
          {/* A data: URL of a screenshot; next/image would only copy it. */}
          {screenshot ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={png(screenshot)}
              alt={`Screenshot of ${preview.title || preview.url}`}
              className="w-full rounded-md border border-line"
            />
          ) : null}
        </section>
      ) : null}

      {preview && phase !== "submitted" ? (
        <form
          aria-label="Fill from documents"
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            abort.current = new AbortController();
            setFields([]);
            setWarnings([]);
            void run(
              "filling",
              () => streamFill({ session_id: sessionId, batch_id: batchId }, onFillEvent, abort.current!.signal),
              "filled",
              "idle",
            );
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            Documents to fill from
            <select
              required
              value={batchId}
              onChange={(event) => setBatchId(event.target.value)}
              className="rounded-md border border-line bg-surface px-3 py-2"
            >
              <option value="">Choose a batch…</option>
              {history?.batches.map((batch) => (
                <option key={batch.batch_id} value={batch.batch_id}>
                  {batch.batch_name ?? batch.batch_id} ({batch.document_count} documents)
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" loading={phase === "filling"} disabled={!batchId}>
            Fill from documents
          </Button>
        </form>
      ) : null}

      {log.length > 0 ? (
        <ul aria-label="Fill progress" className="text-sm text-ink-muted">
          {log.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}

      {shownWarnings.length > 0 ? (
        <Alert tone="warning" title="Check before submitting">
          <ul>
            {shownWarnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      {fields.length > 0 && sessionId ? (
        <FilledFieldList
          fields={fields}
          documentCurrency={documentCurrency}
          batchId={batchId}
          disabled={phase !== "filled"}
          onChange={(ref, corrected) =>
            setFields((previous) => previous.map((field) => (field.ref === ref ? { ...field, corrected } : field)))
          }
          onApply={() =>
            run(
              "updating",
              async () => {
                const changed = fields.filter((field) => field.corrected !== field.value);
                const updated = await updateFields(
                  sessionId,
                  changed.map((field) => ({ field: field.ref, value: field.corrected })),
                );
                setScreenshot(updated.screenshot);
                setFields((previous) =>
                  previous.map((field) => {
                    const report = updated.results.find((entry) => entry.ref === field.ref);
                    return report
                      ? {
                          ...field,
                          value: field.corrected,
                          status: report.status,
                          reason: report.reason ?? undefined,
                          source: { ...field.source, kind: "correction", reason: "corrected by you" },
                        }
                      : field;
                  }),
                );
              },
              "filled",
              "filled",
            )
          }
          updating={phase === "updating"}
        />
      ) : null}

      {phase === "filled" || phase === "submitting" ? (
        <div>
          <Button
            loading={phase === "submitting"}
            onClick={() =>
              void run("submitting", async () => setResult(await submitForm(sessionId!)), "submitted", "filled")
            }
          >
            Submit the form
          </Button>
        </div>
      ) : null}

      {result ? (
        <Alert tone="success" title="Submitted">
          <p>
            {result.title} · {result.url} {result.status ? `(HTTP ${result.status})` : ""}
          </p>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={png(result.screenshot)}
            alt="The page after submitting"
            className="mt-2 w-full rounded-md border border-line"
          />
        </Alert>
      ) : null}
    </div>
  );
}

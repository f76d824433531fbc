"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { CopyButton } from "@/components/ui/copy-button";
import { apiFetch } from "@/lib/client/api-fetch";
import { useApiResource } from "@/lib/client/use-api-resource";
import type { ChatBox } from "./chat-types";

interface Mapping {
  template_field: string;
  cell: string | null;
  source: string;
  value: string;
  page: number;
  box: ChatBox | null;
  confidence: number;
  reason: string;
}

interface LibraryTemplate {
  id: string;
  file_name: string;
}

/** The template's fields: typed here, or read from a spreadsheet saved in the library. */
const TYPED = "typed";
/** Library templates the Excel fill reads (CSV files are kept as templates too, but have no cells to fill). */
const FILLABLE = /\.(xlsx|xlsm|xltx|xls|ods|qpw)$/i;

interface AutomapResult {
  mappings: Mapping[];
  unmapped: Array<{ template_field: string; cell: string | null; reason: string }>;
}

/** "Invoice number", "Total: number", "Due date: date" → template fields. */
function parseFields(text: string) {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const typed = /^(.*?):\s*(string|number|date)$/i.exec(line);
      return typed
        ? { name: typed[1].trim(), type: typed[2].toLowerCase() as "string" | "number" | "date" }
        : { name: line, type: "string" as const };
    });
}

/** Proposes a value for each template field from the document, editable before it is used to fill. */
export function AutomapPanel({
  batchId,
  documentId,
  onShowBox,
}: {
  batchId: string;
  documentId: string;
  onShowBox: (page: number, box: ChatBox) => void;
}) {
  const [fieldsText, setFieldsText] = useState("Invoice number\nInvoice date: date\nTotal: number");
  const [templateId, setTemplateId] = useState(TYPED);
  const templates = useApiResource<{ files: LibraryTemplate[] }>("/api/batch/library?kind=template&limit=200");
  const [result, setResult] = useState<AutomapResult>();
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function propose() {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiFetch<AutomapResult>(`/api/batch/${batchId}/document/${documentId}/automap`, {
        method: "POST",
        body: templateId === TYPED ? { template_fields: parseFields(fieldsText) } : { template_file_id: templateId },
      });
      setResult(answer);
      setValues(Object.fromEntries(answer.mappings.map((mapping) => [mapping.template_field, mapping.value])));
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setBusy(false);
    }
  }

  // With a spreadsheet template the edited values go to its cells (/v1/fill/excel's cell_mappings).
  const cells = new Map(
    [...(result?.mappings ?? []), ...(result?.unmapped ?? [])].flatMap((entry) =>
      "cell" in entry && entry.cell ? [[entry.template_field, entry.cell] as const] : [],
    ),
  );
  const filled = Object.entries(values).filter(([, value]) => value.trim());
  const byCell = cells.size > 0;
  const fieldMappings = JSON.stringify(
    Object.fromEntries(
      byCell ? filled.flatMap(([field, value]) => (cells.has(field) ? [[cells.get(field)!, value]] : [])) : filled,
    ),
    null,
    2,
  );
  return (
    <section
      aria-label="Automap"
      className="flex flex-col gap-3 rounded-md border border-line p-3"
      data-testid="automap-panel"
    >
      <h2 className="text-lg font-semibold">Map to a template</h2>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">Template</span>
        <select
          value={templateId}
          onChange={(event) => setTemplateId(event.target.value)}
          className={`rounded-md border border-line bg-surface px-3 py-2 ${FOCUS_RING}`}
        >
          <option value={TYPED}>Fields typed below</option>
          {templates.status === "ready"
            ? templates.data.files
                .filter((file) => FILLABLE.test(file.file_name))
                .map((file) => (
                  <option key={file.id} value={file.id}>
                    {file.file_name} (library)
                  </option>
                ))
            : null}
        </select>
        {templates.status === "ready" && !templates.data.files.some((file) => FILLABLE.test(file.file_name)) ? (
          <span className="text-ink-muted">Save a spreadsheet template to your library to pick it here.</span>
        ) : null}
        {templates.status === "error" ? (
          <span className="text-ink-muted">Library templates could not be listed: {templates.error.message}</span>
        ) : null}
      </label>
      {templateId === TYPED ? (
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">
            Template fields, one per line (add “: number” or “: date” for typed fields)
          </span>
          <textarea
            value={fieldsText}
            onChange={(event) => setFieldsText(event.target.value)}
            rows={4}
            className={`rounded-md border border-line bg-surface px-3 py-2 font-mono ${FOCUS_RING}`}
          />
        </label>
      ) : null}
      <Button onClick={propose} loading={busy} className="self-start">
        Propose values
      </Button>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {result ? (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="text-ink-muted">
              <th className="py-1 pr-2">Field</th>
              <th className="py-1 pr-2">Cell</th>
              <th className="py-1 pr-2">Value</th>
              <th className="py-1 pr-2">From</th>
              <th className="py-1">Confidence</th>
            </tr>
          </thead>
          <tbody>
            {result.mappings.map((mapping) => (
              <tr key={mapping.template_field} className="border-t border-line">
                <td className="py-1 pr-2 font-medium">{mapping.template_field}</td>
                <td className="py-1 pr-2 font-mono">{mapping.cell ?? "—"}</td>
                <td className="py-1 pr-2">
                  <input
                    aria-label={`Value for ${mapping.template_field}`}
                    value={values[mapping.template_field] ?? ""}
                    onChange={(event) => setValues({ ...values, [mapping.template_field]: event.target.value })}
                    className={`w-full rounded border border-line bg-surface px-2 py-1 ${FOCUS_RING}`}
                  />
                </td>
                <td className="py-1 pr-2">
                  {mapping.box ? (
                    <button
                      type="button"
                      className={`text-brand-600 underline ${FOCUS_RING}`}
                      onClick={() => onShowBox(mapping.page, mapping.box!)}
                      title={mapping.reason}
                    >
                      “{mapping.source}”, page {mapping.page}
                    </button>
                  ) : (
                    `“${mapping.source}”, page ${mapping.page}`
                  )}
                </td>
                <td className="py-1">{Math.round(mapping.confidence * 100)}%</td>
              </tr>
            ))}
            {result.unmapped.map((field) => (
              <tr key={field.template_field} className="border-t border-line text-ink-muted">
                <td className="py-1 pr-2 font-medium">{field.template_field}</td>
                <td className="py-1 pr-2" />
                <td className="py-1 pr-2">
                  <input
                    aria-label={`Value for ${field.template_field}`}
                    value={values[field.template_field] ?? ""}
                    onChange={(event) => setValues({ ...values, [field.template_field]: event.target.value })}
                    className={`w-full rounded border border-line bg-surface px-2 py-1 ${FOCUS_RING}`}
                  />
                </td>
                <td className="py-1 pr-2" colSpan={2}>
                  {field.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result ? (
        <CopyButton
          text={fieldMappings}
          label={byCell ? "Copy as cell mappings" : "Copy as field mappings"}
          accessibleName={byCell ? "Copy the values as cell mappings JSON" : "Copy the values as field mappings JSON"}
        />
      ) : null}
    </section>
  );
}

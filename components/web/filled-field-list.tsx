"use client";

import { Button } from "@/components/ui/button";

export interface FilledField {
  ref: string;
  label: string;
  value: string;
  /** What the person typed over the chosen value; equal to value until corrected. */
  corrected: string;
  status: string;
  reason?: string;
  source: { kind: string; document?: string | null; page?: number | null; confidence?: number; reason?: string };
}

function sourceText(source: FilledField["source"]): string {
  if (source.kind === "document")
    return `${source.document ?? "document"}, page ${source.page ?? "?"} · ${Math.round((source.confidence ?? 0) * 100)}%`;
  if (source.kind === "mapping") return "your value";
  if (source.kind === "instruction") return "your instructions";
  return source.reason ?? source.kind;
}

/** Each filled field with its value, where it came from and what the page did; values can be corrected. */
export function FilledFieldList({
  fields,
  disabled,
  updating,
  onChange,
  onApply,
}: {
  fields: FilledField[];
  disabled: boolean;
  updating: boolean;
  onChange: (ref: string, value: string) => void;
  onApply: () => void;
}) {
  const changed = fields.some((field) => field.corrected !== field.value);
  return (
    <section aria-labelledby="filled-fields" className="flex flex-col gap-3">
      <h2 id="filled-fields" className="text-lg font-semibold">
        Filled fields
      </h2>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line text-ink-muted">
            <th className="py-2 pr-3 font-medium">Field</th>
            <th className="py-2 pr-3 font-medium">Value</th>
            <th className="py-2 pr-3 font-medium">Source</th>
            <th className="py-2 font-medium">Result</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.ref} className="border-b border-line align-top">
              <td className="py-2 pr-3">{field.label}</td>
              <td className="py-2 pr-3">
                <input
                  aria-label={`Value for ${field.label}`}
                  className="w-full rounded-md border border-line bg-surface px-2 py-1"
                  value={field.corrected}
                  disabled={disabled}
                  onChange={(event) => onChange(field.ref, event.target.value)}
                />
              </td>
              <td className="py-2 pr-3 text-ink-muted" title={field.source.reason}>
                {sourceText(field.source)}
              </td>
              <td className="py-2" title={field.reason}>
                {field.status}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <Button variant="secondary" disabled={disabled || !changed} loading={updating} onClick={onApply}>
          Apply corrections
        </Button>
      </div>
    </section>
  );
}

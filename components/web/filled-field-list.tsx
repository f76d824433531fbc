"use client";

import Link from "next/link";
import { viewerPath } from "@/components/documents/paths";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { pickerCurrencyMismatch } from "@/lib/web/currency-mismatch";

export interface FilledField {
  ref: string;
  label: string;
  value: string;
  /** What the person typed over the chosen value; equal to value until corrected. */
  corrected: string;
  status: string;
  reason?: string;
  /** How the value was changed to suit the field ("100.44 USD" typed as 100.44 into an amount). */
  note?: string;
  /** A picker's own choices, as the page lists them: the value is chosen among these instead of typed. */
  options?: Array<{ value: string; label: string }>;
  source: {
    kind: string;
    document?: string | null;
    document_id?: string | null;
    page?: number | null;
    box?: { x: number; y: number; width: number; height: number } | null;
    confidence?: number;
    reason?: string;
  };
}

// The page's answer to each value, in words.
const STATUS_WORDS: Record<string, string> = {
  chosen: "Chosen, not typed yet",
  typed: "Typed in",
  selected: "Selected",
  checked: "Ticked",
  unchecked: "Unticked",
  attached: "File attached",
  not_found: "Field not found on the page",
  refused: "The page refused it",
  unfilled: "Not filled: no value found",
};

/** The cited page in the viewer, with the value's box marked when it is known. */
function sourceHref(batchId: string, source: FilledField["source"]): string | undefined {
  if (!source.document_id) return undefined;
  const box = source.box;
  const boxQuery = box
    ? `&box=${[box.x, box.y, box.width, box.height].map((value) => value.toFixed(5)).join(",")}`
    : "";
  return `${viewerPath(batchId, source.document_id, source.page ?? 1)}${boxQuery}`;
}

function Source({ batchId, source }: { batchId?: string; source: FilledField["source"] }) {
  if (source.kind === "document") {
    const text = `${source.document ?? "document"}, page ${source.page ?? "?"} · ${Math.round((source.confidence ?? 0) * 100)}%`;
    const href = batchId ? sourceHref(batchId, source) : undefined;
    return href ? (
      <Link href={href} target="_blank" className={`text-brand-600 underline dark:text-brand-100 ${FOCUS_RING}`}>
        {text}
        <span className="sr-only"> (opens the page in a new tab)</span>
      </Link>
    ) : (
      <>{text}</>
    );
  }
  if (source.kind === "mapping") return <>your value</>;
  if (source.kind === "instruction") return <>your instructions</>;
  return <>{source.reason ?? source.kind}</>;
}

/** The sentence under a currency picker whose choice differs from the documents' currency. */
export function currencyWarning(field: FilledField, documentCurrency: string | undefined): string | undefined {
  if (!documentCurrency) return undefined;
  const mismatch = pickerCurrencyMismatch({ value: field.corrected, options: field.options }, documentCurrency);
  if (!mismatch) return undefined;
  return mismatch.chosen
    ? `The document's amounts are in ${documentCurrency}, but ${mismatch.chosen} is chosen.`
    : `The document's amounts are in ${documentCurrency}; choose a currency.`;
}

function ValueControl({
  field,
  disabled,
  onChange,
}: {
  field: FilledField;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const className = `w-full min-w-32 rounded-md border border-line bg-surface px-2 py-1 ${FOCUS_RING}`;
  if (field.options && field.options.length > 0) {
    const known = field.options.some((option) => option.value === field.corrected);
    return (
      <select
        aria-label={`Value for ${field.label}`}
        className={className}
        value={field.corrected}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {known ? null : <option value={field.corrected}>{field.corrected ? field.corrected : "Choose…"}</option>}
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label || option.value}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      aria-label={`Value for ${field.label}`}
      className={className}
      value={field.corrected}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Each field of the form with its value, where it came from and what the page did; values can be corrected. */
export function FilledFieldList({
  fields,
  documentCurrency,
  batchId,
  disabled,
  updating,
  onChange,
  onApply,
}: {
  fields: FilledField[];
  /** The one currency the documents' amounts are in, to flag a currency picker set to another. */
  documentCurrency?: string;
  /** The batch the values came from, so each source opens its page. */
  batchId?: string;
  disabled: boolean;
  updating: boolean;
  onChange: (ref: string, value: string) => void;
  onApply: () => void;
}) {
  const changed = fields.some((field) => field.corrected !== field.value);
  return (
    <section aria-labelledby="filled-fields" className="flex flex-col gap-3">
      <h2 id="filled-fields" className="text-lg font-semibold">
        Fields of the form
      </h2>
      <div className="overflow-x-auto">
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
              <tr key={field.ref} className="border-b border-line align-top" data-status={field.status}>
                <td className="py-2 pr-3">{field.label}</td>
                <td className="py-2 pr-3">
                  <ValueControl field={field} disabled={disabled} onChange={(value) => onChange(field.ref, value)} />
                  {currencyWarning(field, documentCurrency) ? (
                    <p
                      className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-200"
                      data-testid="currency-warning"
                    >
                      {currencyWarning(field, documentCurrency)}
                    </p>
                  ) : null}
                  {field.note ? <p className="mt-1 text-xs text-ink-muted">{field.note}</p> : null}
                </td>
                <td className="py-2 pr-3 text-ink-muted">
                  <Source batchId={batchId} source={field.source} />
                </td>
                <td className="py-2">
                  {STATUS_WORDS[field.status] ?? field.status}
                  {field.reason ? <p className="text-xs text-ink-muted">{field.reason}</p> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Button variant="secondary" disabled={disabled || !changed} loading={updating} onClick={onApply}>
          Apply corrections
        </Button>
      </div>
    </section>
  );
}

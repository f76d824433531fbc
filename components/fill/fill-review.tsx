"use client";

import { FOCUS_RING } from "@/components/ui/button-classes";
import type { FillFieldDetail, FilledCell } from "./fill-api";

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;
const inputClasses = `w-full min-w-32 rounded border border-line bg-surface px-2 py-1 ${FOCUS_RING}`;

/** Every form field of a filled PDF: the value (editable), how sure, why, and where it came from. */
export function FieldReview({
  fields,
  edits,
  onEdit,
  selected,
  onSelect,
}: {
  fields: FillFieldDetail[];
  edits: Record<string, string>;
  onEdit: (fieldName: string, value: string) => void;
  selected?: string;
  onSelect: (fieldName: string) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Filled fields</caption>
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
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => {
            const name = field.label || field.field_name;
            return (
              <tr
                key={field.field_name}
                data-testid={`fill-field-${field.field_name}`}
                className={`border-t border-line align-top ${selected === field.field_name ? "bg-brand-50 dark:bg-surface-muted" : ""}`}
              >
                <th scope="row" className="py-2 pr-3 font-medium">
                  {name}
                  <span className="block text-xs font-normal text-ink-muted">
                    {field.field_name} · {field.field_type}
                  </span>
                </th>
                <td className="py-2 pr-3">
                  <input
                    aria-label={`Value of ${name}`}
                    className={inputClasses}
                    value={edits[field.field_name] ?? field.value}
                    onChange={(event) => onEdit(field.field_name, event.target.value)}
                  />
                </td>
                <td className="py-2 pr-3 whitespace-nowrap">
                  {field.filled ? percent(field.confidence) : "not filled"}
                </td>
                <td className="py-2">
                  <button
                    type="button"
                    className={`text-left underline decoration-dotted ${FOCUS_RING}`}
                    aria-pressed={selected === field.field_name}
                    onClick={() => onSelect(field.field_name)}
                  >
                    {field.reason || "—"}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Every cell written into an Excel template, editable before filling again. */
export function CellReview({
  cells,
  edits,
  onEdit,
}: {
  cells: FilledCell[];
  edits: Record<string, string>;
  onEdit: (address: string, value: string) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Cells written</caption>
        <thead className="text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Cell
            </th>
            <th scope="col" className="py-2 pr-3">
              Value
            </th>
            <th scope="col" className="py-2 pr-3">
              Confidence
            </th>
            <th scope="col" className="py-2">
              Source
            </th>
          </tr>
        </thead>
        <tbody>
          {cells.map((cell) => {
            const address = `${cell.sheet}!${cell.cell}`;
            return (
              <tr key={address} data-testid={`fill-cell-${address}`} className="border-t border-line align-top">
                <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                  {address}
                </th>
                <td className="py-2 pr-3">
                  <input
                    aria-label={`Value of ${address}`}
                    className={inputClasses}
                    value={edits[address] ?? String(cell.value)}
                    onChange={(event) => onEdit(address, event.target.value)}
                  />
                </td>
                <td className="py-2 pr-3">{percent(cell.confidence)}</td>
                <td className="py-2 break-words">{cell.source}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

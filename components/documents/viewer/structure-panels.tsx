"use client";

import { useEffect, useRef, type ReactNode } from "react";
import { findSameValue, totalPlaces, type SameValuePlaces } from "./same-value";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { formatConfidence } from "../format";
import type { Box, PageStructure } from "../types";
import type { Selection } from "./geometry";
import type { EditTarget } from "./page-edits";

export interface StructurePanelsProps {
  pageNumber: number;
  structure: PageStructure;
  canEdit: boolean;
  selection?: Selection;
  onSelect: (selection: Omit<Selection, "related">) => void;
  onEdit: (target: EditTarget, value: string) => void;
  /** The page as saved and its current text: a changed key-value's old words are looked for elsewhere. */
  saved?: PageStructure;
  text?: string;
  /** Changes `from` to `to` in the page's text, cells and entities. */
  onReplaceSameValue?: (from: string, to: string) => void;
}

function describePlaces(places: SameValuePlaces): string {
  const parts = [
    places.text ? `the text (${places.text})` : "",
    places.cells ? `${places.cells === 1 ? "a table cell" : `${places.cells} table cells`}` : "",
    places.entities ? `${places.entities === 1 ? "an entity" : `${places.entities} entities`}` : "",
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
}

const CELL_INPUT = `rounded border border-line bg-surface px-2 py-1 text-sm text-ink read-only:bg-surface-muted ${FOCUS_RING}`;
const INPUT = `w-full min-w-0 rounded border border-line bg-surface px-2 py-1 text-sm text-ink read-only:bg-surface-muted ${FOCUS_RING}`;

function Panel({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-sm font-semibold text-ink">
        {title} <span className="font-normal text-ink-muted">({count})</span>
      </h2>
      {children}
    </section>
  );
}

/**
 * Key-values, tables and entities of the page as readable, editable panels. Focusing a value marks
 * its box on the page; a box picked on the page marks (and scrolls to) the values it belongs to.
 */
export function StructurePanels({
  pageNumber,
  structure,
  canEdit,
  selection,
  onSelect,
  onEdit,
  saved,
  text,
  onReplaceSameValue,
}: StructurePanelsProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const pairs = structure.key_value_pairs ?? [];
  const entities = structure.entities ?? [];
  const tables = structure.tables ?? [];
  const marked = (id: string) => selection?.id === id || (selection?.related.includes(id) ?? false);
  const itemClass = (id: string) =>
    `rounded-md border p-2 ${marked(id) ? "border-brand-500 bg-brand-50 dark:bg-surface-muted" : "border-line"}`;
  const select = (id: string, box?: Box, reveal?: boolean) => onSelect({ id, page: pageNumber, box, reveal });

  useEffect(() => {
    const first = selection?.related[0];
    if (first) rootRef.current?.querySelector(`[data-item="${first}"]`)?.scrollIntoView({ block: "nearest" });
  }, [selection]);

  return (
    <div ref={rootRef} className="flex flex-col gap-5" data-testid="structure-panels">
      <Panel title="Key-values" count={pairs.length}>
        {pairs.length === 0 ? <p className="text-sm text-ink-muted">No key-value pairs found on this page.</p> : null}
        <ul className="flex flex-col gap-2">
          {pairs.map((pair, index) => {
            const id = `kv:${index}`;
            return (
              <li
                key={id}
                data-item={id}
                data-marked={marked(id) || undefined}
                data-testid="key-value"
                className={itemClass(id)}
              >
                <div className="flex flex-col gap-1">
                  <span className="flex justify-between gap-2 text-xs text-ink-muted">
                    <span className="font-medium text-ink">{pair.key}</span>
                    <span>confidence {formatConfidence(pair.confidence)}</span>
                  </span>
                  <input
                    aria-label={pair.key}
                    className={INPUT}
                    value={pair.value}
                    readOnly={!canEdit}
                    onFocus={() => select(id, pair.value_box ?? pair.key_box)}
                    onChange={(event) => onEdit({ kind: "key_value", index }, event.target.value)}
                  />
                  {canEdit && onReplaceSameValue ? (
                    <SameValueOffer
                      before={saved?.key_value_pairs?.[index]?.value}
                      after={pair.value}
                      structure={structure}
                      text={text ?? ""}
                      onReplace={onReplaceSameValue}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </Panel>

      <Panel title="Tables" count={tables.length}>
        {tables.length === 0 ? <p className="text-sm text-ink-muted">No tables found on this page.</p> : null}
        {tables.map((table, tableIndex) => {
          const id = `table:${tableIndex}`;
          return (
            <div
              key={id}
              data-item={id}
              data-marked={marked(id) || undefined}
              className={`${itemClass(id)} overflow-x-auto`}
            >
              <button
                type="button"
                className={`mb-2 text-xs font-medium text-brand-600 underline dark:text-brand-100 ${FOCUS_RING}`}
                onClick={() => select(id, table.box, true)}
              >
                Show table {tableIndex + 1} on the page
              </button>
              <table className="text-sm">
                <caption className="sr-only">Table {tableIndex + 1}</caption>
                <tbody>
                  {table.rows.map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      {row.map((cell, column) => (
                        <td key={column} className="p-0.5">
                          <input
                            aria-label={`Table ${tableIndex + 1}, row ${rowIndex + 1}, column ${column + 1}`}
                            // A cell as wide as its value (a fixed width cut "INV-2024-001" to "INV-2"); the
                            // table scrolls sideways when the page is narrower than its values.
                            className={`${CELL_INPUT} min-w-16 field-sizing-content`}
                            size={Math.max(cell.length, 4)}
                            value={cell}
                            readOnly={!canEdit}
                            onFocus={() => select(id, table.box)}
                            onChange={(event) =>
                              onEdit({ kind: "cell", table: tableIndex, row: rowIndex, column }, event.target.value)
                            }
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </Panel>

      <Panel title="Entities" count={entities.length}>
        {entities.length === 0 ? (
          <p className="text-sm text-ink-muted">No dates, amounts, emails or other entities found on this page.</p>
        ) : null}
        <ul className="flex flex-col gap-2">
          {entities.map((entity, index) => {
            const id = `entity:${index}`;
            return (
              <li
                key={id}
                data-item={id}
                data-marked={marked(id) || undefined}
                data-testid="entity"
                className={itemClass(id)}
              >
                <label className="flex flex-col gap-1">
                  <span className="text-xs text-ink-muted">
                    <span className="font-medium capitalize text-ink">{entity.type}</span> · found as “{entity.text}”
                    {entity.currency ? ` · ${entity.currency}` : ""}
                  </span>
                  <input
                    className={INPUT}
                    value={entity.value}
                    readOnly={!canEdit}
                    onFocus={() => select(id, entity.box)}
                    onChange={(event) => onEdit({ kind: "entity", index }, event.target.value)}
                  />
                </label>
              </li>
            );
          })}
        </ul>
      </Panel>
    </div>
  );
}

/** After a key-value changed: where its old words still stand on the page, and a button to change them too. */
function SameValueOffer({
  before,
  after,
  structure,
  text,
  onReplace,
}: {
  before?: string;
  after: string;
  structure: PageStructure;
  text: string;
  onReplace: (from: string, to: string) => void;
}) {
  if (!before || before.trim() === after.trim() || after.trim() === "") return null;
  const places = findSameValue(structure, text, before);
  if (totalPlaces(places) === 0) return null;
  return (
    <div className="flex flex-col items-start gap-1 text-xs text-ink-muted" data-testid="same-value-offer">
      <p>
        “{before}” still stands in {describePlaces(places)} of this page.
      </p>
      <button
        type="button"
        className={`font-medium text-brand-600 underline dark:text-brand-100 ${FOCUS_RING}`}
        onClick={() => onReplace(before, after)}
      >
        Change it to “{after}” there too
      </button>
    </div>
  );
}

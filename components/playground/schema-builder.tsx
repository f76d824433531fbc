"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { moveField, parseSchemaJson, type FieldType, type SchemaField } from "./schema-fields";

const inputClasses = `rounded-md border border-line bg-surface px-2 py-1.5 ${FOCUS_RING}`;

/** Fields of a schema: name and type, added, removed and reordered; the API's JSON in and out. */
export function SchemaBuilder({
  fields,
  onChange,
}: {
  fields: SchemaField[];
  onChange: (fields: SchemaField[]) => void;
}) {
  const [json, setJson] = useState<string>();
  const [jsonError, setJsonError] = useState<string>();
  const update = (index: number, change: Partial<SchemaField>) =>
    onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)));

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-2" aria-label="Schema fields">
        {fields.map((field, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2" data-testid="schema-field">
            <span className="w-6 text-right text-sm text-ink-muted" aria-hidden="true">
              {index + 1}.
            </span>
            <input
              aria-label={`Name of field ${index + 1}`}
              className={`${inputClasses} min-w-0 flex-1`}
              value={field.name}
              placeholder="invoice_number"
              onChange={(event) => update(index, { name: event.target.value })}
            />
            <select
              aria-label={`Type of field ${index + 1}`}
              className={inputClasses}
              value={field.type}
              onChange={(event) => update(index, { type: event.target.value as FieldType })}
            >
              <option value="string">text</option>
              <option value="number">number</option>
              <option value="date">date</option>
            </select>
            <Button
              variant="secondary"
              className="px-2 py-1"
              aria-label={`Move field ${index + 1} up`}
              disabled={index === 0}
              onClick={() => onChange(moveField(fields, index, -1))}
            >
              ↑
            </Button>
            <Button
              variant="secondary"
              className="px-2 py-1"
              aria-label={`Move field ${index + 1} down`}
              disabled={index === fields.length - 1}
              onClick={() => onChange(moveField(fields, index, 1))}
            >
              ↓
            </Button>
            <Button
              variant="secondary"
              className="px-2 py-1"
              aria-label={`Remove field ${index + 1}`}
              onClick={() => onChange(fields.filter((_, at) => at !== index))}
            >
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => onChange([...fields, { name: "", type: "string" }])}>
          Add a field
        </Button>
        <Button
          variant="secondary"
          aria-expanded={json !== undefined}
          onClick={() => {
            setJsonError(undefined);
            setJson(json === undefined ? JSON.stringify(fields, null, 2) : undefined);
          }}
        >
          {json === undefined ? "Edit as JSON" : "Close JSON"}
        </Button>
      </div>
      {json !== undefined ? (
        <div className="flex flex-col gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            The schema as the API takes it (copy it out, or paste one in)
            <textarea
              className={`${inputClasses} font-mono text-sm`}
              rows={8}
              value={json}
              aria-invalid={jsonError ? true : undefined}
              onChange={(event) => setJson(event.target.value)}
            />
          </label>
          {jsonError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {jsonError}
            </p>
          ) : null}
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                const parsed = parseSchemaJson(json);
                if (parsed.error || !parsed.fields) return setJsonError(parsed.error);
                onChange(parsed.fields);
                setJson(undefined);
              }}
            >
              Use this JSON
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

"use client";

import { useDeferredValue, useId, useState } from "react";
import { FOCUS_RING } from "@/components/ui/button-classes";
import type { ExampleRequests } from "./example-requests";
import { OperationCard } from "./operation-card";
import type { ReferenceOperation } from "./read-openapi";

export interface ReferenceGroup {
  tag: string;
  operations: (ReferenceOperation & { examples: ExampleRequests })[];
}

export function tagAnchor(tag: string): string {
  return `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

/** Every word of the query appears in the operation's method, path, summary, tag or id. */
function matches(operation: ReferenceOperation, tag: string, words: string[]): boolean {
  const text = `${operation.method} ${operation.path} ${operation.summary} ${tag} ${operation.id}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** The operations by tag with a search box that narrows them as one types; each operation keeps its anchor. */
export function ReferenceBrowser({ groups }: { groups: ReferenceGroup[] }) {
  const searchId = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const words = deferred.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = groups
    .map((group) => ({ ...group, operations: group.operations.filter((op) => matches(op, group.tag, words)) }))
    .filter((group) => group.operations.length > 0);
  const count = shown.reduce((sum, group) => sum + group.operations.length, 0);

  return (
    <div className="flex flex-col gap-8">
      <div role="search" className="flex flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          Search the API
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          placeholder="extract, jobs, POST /v1/fill…"
          onChange={(event) => setQuery(event.target.value)}
          className={`rounded-md border border-line bg-surface px-3 py-2 text-ink ${FOCUS_RING}`}
        />
        <p className="text-sm text-ink-muted" role="status">
          {words.length > 0 ? `${count} operation${count === 1 ? "" : "s"} match.` : ""}
        </p>
      </div>
      <nav aria-label="API sections">
        <ul className="flex flex-wrap gap-2 text-sm">
          {shown.map((group) => (
            <li key={group.tag}>
              <a
                href={`#${tagAnchor(group.tag)}`}
                className="inline-block rounded-full border border-line px-3 py-1 hover:bg-surface-muted"
              >
                {group.tag} <span className="text-ink-muted">({group.operations.length})</span>
              </a>
            </li>
          ))}
          <li>
            <a
              href="#schemas"
              className="inline-block rounded-full border border-line px-3 py-1 hover:bg-surface-muted"
            >
              Schemas
            </a>
          </li>
        </ul>
      </nav>
      {shown.map((group) => (
        <section
          key={group.tag}
          id={tagAnchor(group.tag)}
          aria-labelledby={`${tagAnchor(group.tag)}-title`}
          className="flex scroll-mt-4 flex-col gap-3"
        >
          <h3 id={`${tagAnchor(group.tag)}-title`} className="text-xl font-semibold">
            {group.tag}
          </h3>
          {group.operations.map((operation) => (
            <OperationCard key={operation.id} operation={operation} examples={operation.examples} />
          ))}
        </section>
      ))}
    </div>
  );
}

"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import { searchDocument, type DocumentSearchHit, type Viewer } from "../batch-api";

interface SearchResult {
  query: string;
  total: number;
  truncated: boolean;
  hits: DocumentSearchHit[];
}

/**
 * Find a word or phrase across the document's pages (searched on the server, so pages not loaded yet count):
 * Enter finds, Enter again goes to the next match and Shift+Enter to the previous; each match is listed by page.
 */
export function DocumentSearch({
  viewer,
  batchId,
  documentId,
  onShowHit,
}: {
  viewer?: Viewer;
  batchId: string;
  documentId: string;
  /** Turns to the hit's page and highlights its words; undefined clears the highlight. */
  onShowHit: (hit: DocumentSearchHit | undefined) => void;
}) {
  const [query, setQuery] = useState("");
  const [result, setResult] = useState<SearchResult>();
  const [current, setCurrent] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | null>(null);

  function show(index: number, hits = result?.hits ?? []) {
    if (hits.length === 0) return;
    const wrapped = (index + hits.length) % hits.length;
    setCurrent(wrapped);
    onShowHit(hits[wrapped]);
  }

  async function find() {
    const wanted = query.trim();
    if (!wanted || !viewer) return;
    if (result && result.query === wanted) return show(current + 1);
    abort.current?.abort();
    abort.current = new AbortController();
    setBusy(true);
    setError(undefined);
    try {
      const answer = await searchDocument(viewer, batchId, documentId, wanted, abort.current.signal);
      const found = { query: wanted, total: answer.total_hits, truncated: answer.truncated, hits: answer.hits };
      setResult(found);
      if (found.hits.length > 0) show(0, found.hits);
      else onShowHit(undefined);
    } catch (thrown) {
      if (thrown instanceof DOMException && thrown.name === "AbortError") return;
      setError(`The search did not work: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    } finally {
      setBusy(false);
    }
  }

  function onKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" && event.shiftKey) {
      event.preventDefault();
      if (result && result.query === query.trim()) show(current - 1);
    } else if (event.key === "Escape" && query) {
      event.preventDefault();
      setQuery("");
      setResult(undefined);
      onShowHit(undefined);
    }
  }

  const hits = result?.hits ?? [];
  const status = error
    ? error
    : busy
      ? "Searching…"
      : !result
        ? ""
        : hits.length === 0
          ? `No matches for “${result.query}” in this document.`
          : `Match ${current + 1} of ${result.total} for “${result.query}”, on page ${hits[current].page_number}.${result.truncated ? ` Only the first ${hits.length} are listed.` : ""}`;

  return (
    <section aria-label="Search the document" className="flex flex-col gap-2" data-testid="document-search">
      <form
        role="search"
        aria-label="Find in the document"
        className="flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void find();
        }}
      >
        <label className="sr-only" htmlFor="document-search-input">
          Find in the document
        </label>
        <input
          id="document-search-input"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKey}
          placeholder="Find a word or phrase"
          className={`min-w-0 flex-1 basis-full sm:basis-40 rounded-md border border-line bg-surface px-3 py-1.5 text-sm text-ink ${FOCUS_RING}`}
        />
        <Button type="submit" variant="secondary" className="px-3 py-1.5" loading={busy} disabled={!query.trim()}>
          Find
        </Button>
        <Button
          variant="ghost"
          className="px-3 py-1.5"
          disabled={hits.length < 2}
          onClick={() => show(current - 1)}
          aria-label="Previous match"
        >
          ↑ Previous
        </Button>
        <Button
          variant="ghost"
          className="px-3 py-1.5"
          disabled={hits.length < 2}
          onClick={() => show(current + 1)}
          aria-label="Next match"
        >
          ↓ Next
        </Button>
      </form>
      <p
        role="status"
        data-testid="search-status"
        className={`min-h-5 text-sm ${error ? "text-red-700 dark:text-red-400" : "text-ink-muted"}`}
      >
        {status}
      </p>
      {hits.length > 0 ? (
        <ol aria-label="Matches" className="flex max-h-48 flex-col gap-1 overflow-auto text-sm">
          {hits.map((hit, index) => (
            <li key={`${hit.page_number}:${index}`}>
              <button
                type="button"
                aria-current={index === current ? "true" : undefined}
                onClick={() => show(index)}
                className={`w-full rounded px-2 py-1 text-left ${index === current ? "bg-brand-50 font-medium text-ink dark:bg-surface-muted" : "text-ink-muted hover:bg-surface-muted"} ${FOCUS_RING}`}
              >
                <span className="font-semibold text-ink">Page {hit.page_number}</span> · {hit.snippet}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

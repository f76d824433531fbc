"use client";

import Link from "next/link";
import { useCallback, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { buttonClasses } from "@/components/ui/button-classes";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { BatchActions } from "./batch-actions";
import type { BatchFilters } from "./batch-api";
import { BatchFilterBar } from "./batch-filter-bar";
import { batchDisplayName, formatDateTime } from "./format";
import { batchPath } from "./paths";
import { StatusBadge } from "./status-badge";
import type { BatchHistory } from "./types";
import { useBatchHistory } from "./use-batch-history";

export const BATCHES_PER_PAGE = 20;

/** The signed-in person's batches, newest first, with search and filters, paging, live status, retry and delete. */
export function BatchList() {
  const [offset, setOffset] = useState(0);
  const [filters, setFilters] = useState<BatchFilters>({});
  const { history, error, reload } = useBatchHistory({ limit: BATCHES_PER_PAGE, offset, ...filters });
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string }>();
  const filtering = Object.values(filters).some((value) => value !== undefined);
  const changeFilters = useCallback((next: BatchFilters) => {
    setFilters((previous) => (JSON.stringify(previous) === JSON.stringify(next) ? previous : next));
    setOffset(0);
  }, []);

  if (!history) {
    return error ? (
      <Alert
        tone="error"
        title="Your batches could not be loaded"
        action={
          <Button variant="secondary" onClick={reload}>
            Try again
          </Button>
        }
      >
        {error.message}
      </Alert>
    ) : (
      <Spinner label="Loading your batches…" className="min-h-40" />
    );
  }

  if (history.total === 0 && !filtering) {
    return (
      <EmptyState
        title="No batches yet"
        action={
          <Link href="/upload" className={buttonClasses("primary")}>
            Upload documents
          </Link>
        }
      >
        Upload PDFs, scans or office files; each upload becomes a batch you can open, correct and export.
      </EmptyState>
    );
  }

  const last = Math.min(offset + history.batches.length, history.total);
  return (
    <div className="flex flex-col gap-4">
      <div className="min-h-0" aria-live="polite">
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      </div>
      {error ? <Alert tone="warning">Could not refresh: {error.message}</Alert> : null}
      <BatchFilterBar onChange={changeFilters} />
      {history.total === 0 ? (
        <p role="status" className="rounded-lg border border-line px-4 py-6 text-center text-sm text-ink-muted">
          No batches match these filters.
        </p>
      ) : (
        <BatchTable
          history={history}
          onRetried={(text) => {
            setNotice({ tone: "success", text });
            reload();
          }}
          onDeleted={(name) => {
            setNotice({ tone: "success", text: `Deleted “${name}”.` });
            // The last batch of a page gone: show the page before it.
            if (history.batches.length === 1 && offset > 0) setOffset(Math.max(0, offset - BATCHES_PER_PAGE));
            else reload();
          }}
          onError={(text) => setNotice({ tone: "error", text })}
        />
      )}
      <nav
        aria-label="Batch pages"
        className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink-muted"
      >
        <span>
          {offset + 1}–{last} of {history.total}
        </span>
        <span className="flex gap-2">
          <Button
            variant="secondary"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - BATCHES_PER_PAGE))}
          >
            Previous
          </Button>
          <Button
            variant="secondary"
            disabled={last >= history.total}
            onClick={() => setOffset(offset + BATCHES_PER_PAGE)}
          >
            Next
          </Button>
        </span>
      </nav>
    </div>
  );
}

function BatchTable({
  history,
  onRetried,
  onDeleted,
  onError,
}: {
  history: BatchHistory;
  onRetried: (message: string) => void;
  onDeleted: (name: string) => void;
  onError: (message: string) => void;
}) {
  // relative: the visually hidden header text is absolutely positioned; without a positioned
  // ancestor it escapes the scroll box and makes the whole page scroll sideways on phones.
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Your batches, newest first</caption>
        <thead className="bg-surface-muted text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Documents
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Pages
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Created
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {history.batches.map((batch) => {
            const name = batchDisplayName(batch);
            return (
              <tr key={batch.batch_id} className="border-t border-line" data-testid="batch-row">
                <td className="min-w-40 max-w-72 break-words px-4 py-2">
                  <Link
                    href={batchPath(batch.batch_id)}
                    className="font-medium text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
                  >
                    {name}
                  </Link>
                </td>
                <td className="px-4 py-2">{batch.document_count}</td>
                <td className="px-4 py-2">{batch.total_pages}</td>
                <td className="px-4 py-2" data-testid="batch-status">
                  <StatusBadge status={batch.status} />
                </td>
                <td className="whitespace-nowrap px-4 py-2">{formatDateTime(batch.created_at)}</td>
                <td className="px-4 py-2">
                  <BatchActions
                    batchId={batch.batch_id}
                    batchName={name}
                    documentCount={batch.document_count}
                    canRetry={batch.status === "failed" || batch.status === "partially_completed"}
                    onRetried={onRetried}
                    onDeleted={() => onDeleted(name)}
                    onError={onError}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

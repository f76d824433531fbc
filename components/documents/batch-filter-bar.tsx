"use client";

import { useEffect, useId, useState } from "react";
import { FOCUS_RING } from "@/components/ui/button-classes";
import type { BatchFilters } from "./batch-api";
import { statusLabel } from "./status-badge";
import type { BatchStatusValue } from "./types";

const STATUSES: BatchStatusValue[] = ["completed", "partially_completed", "failed", "processing", "queued", "uploaded"];
// Typing narrows the list once the typing pauses, not on every key.
const SEARCH_PAUSE_MS = 300;

const FIELD = `rounded-md border border-line bg-surface px-3 py-2 text-sm text-ink ${FOCUS_RING}`;

/** Search by name, and filter by status and by the days a batch was created; empty fields filter nothing. */
export function BatchFilterBar({ onChange }: { onChange: (filters: BatchFilters) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [status, setStatus] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");

  useEffect(() => {
    const timer = setTimeout(
      () =>
        onChange({
          q: text.trim() || undefined,
          status: (status || undefined) as BatchStatusValue | undefined,
          created_from: from || undefined,
          created_to: to || undefined,
        }),
      SEARCH_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [text, status, from, to, onChange]);

  return (
    <form
      role="search"
      aria-label="Find batches"
      className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-q`} className="text-sm font-medium">
          Search
        </label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Batch or file name"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={FIELD}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-status`} className="text-sm font-medium">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          className={FIELD}
        >
          <option value="">Any status</option>
          {STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-sm font-medium">
          Created from
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.target.value)}
          className={FIELD}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-sm font-medium">
          Created until
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => setTo(event.target.value)}
          className={FIELD}
        />
      </div>
    </form>
  );
}

"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import type { BoxLayer } from "./box-layer";

export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export interface ViewerToolbarProps {
  current: number;
  totalPages: number;
  onPage: (pageNumber: number) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  layer: BoxLayer;
  onLayer: (layer: BoxLayer) => void;
}

/** The next zoom step in a direction, or the same zoom at either end. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const index = ZOOM_STEPS.findIndex((step) => step === zoom);
  return ZOOM_STEPS[Math.min(Math.max(index + direction, 0), ZOOM_STEPS.length - 1)];
}

/**
 * Page, zoom and box-layer controls in one row on a phone: the page buttons show arrows only, and fit
 * width and the box layer fold into a menu under a "View" button. Every control keeps a name a screen reader can say.
 */
export function ViewerToolbar({ current, totalPages, onPage, zoom, onZoom, layer, onLayer }: ViewerToolbarProps) {
  const zoomIndex = ZOOM_STEPS.findIndex((step) => step === zoom);
  const [viewOpen, setViewOpen] = useState(false);
  const viewId = useId();
  const viewControls = (
    <>
      {totalPages > 1 ? <GoToPage totalPages={totalPages} onPage={onPage} /> : null}
      <Button variant="ghost" className="px-3 py-1.5" disabled={zoom === 1} onClick={() => onZoom(1)}>
        Fit width
      </Button>
      <label className="flex items-center gap-2">
        <span className="text-ink-muted">Boxes</span>
        <select
          value={layer}
          onChange={(event) => onLayer(event.target.value as BoxLayer)}
          className={`rounded-md border border-line bg-surface px-2 py-1.5 text-ink ${FOCUS_RING}`}
        >
          <option value="words">Words</option>
          <option value="lines">Lines</option>
          <option value="blocks">Blocks</option>
        </select>
      </label>
    </>
  );
  return (
    <div
      role="toolbar"
      aria-label="Page and zoom"
      aria-keyshortcuts="PageUp PageDown + - 0"
      className="relative flex flex-nowrap items-center gap-1 text-sm sm:flex-wrap sm:gap-2"
      data-testid="viewer-toolbar"
    >
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={current <= 1}
        onClick={() => onPage(current - 1)}
        aria-label="Previous page"
      >
        <span aria-hidden="true">‹</span>
        <span className="hidden sm:inline" aria-hidden="true">
          {" "}
          Previous page
        </span>
      </Button>
      <span
        className="min-w-16 text-center tabular-nums text-ink sm:min-w-24"
        aria-live="polite"
        data-testid="page-indicator"
      >
        Page {current} of {totalPages}
      </span>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={current >= totalPages}
        onClick={() => onPage(current + 1)}
        aria-label="Next page"
      >
        <span className="hidden sm:inline" aria-hidden="true">
          Next page{" "}
        </span>
        <span aria-hidden="true">›</span>
      </Button>
      <span className="mx-2 hidden h-6 w-px bg-line sm:inline-block" aria-hidden="true" />
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={zoomIndex <= 0}
        onClick={() => onZoom(stepZoom(zoom, -1))}
        aria-label="Zoom out"
      >
        −
      </Button>
      <span className="w-11 text-center tabular-nums" data-testid="zoom-level">
        {Math.round(zoom * 100)}%
      </span>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={zoomIndex >= ZOOM_STEPS.length - 1}
        onClick={() => onZoom(stepZoom(zoom, 1))}
        aria-label="Zoom in"
      >
        +
      </Button>
      <Button
        variant="secondary"
        className="ml-auto px-3 py-1.5 sm:hidden"
        aria-expanded={viewOpen}
        aria-controls={viewId}
        onClick={() => setViewOpen((open) => !open)}
      >
        View
      </Button>
      {/* One set of controls: a menu under the View button on a phone, inline from sm up. */}
      <div
        id={viewId}
        className={`${viewOpen ? "flex" : "hidden"} absolute right-0 top-full z-10 mt-1 w-60 flex-col items-start gap-2 rounded-md border border-line bg-surface p-3 shadow-lg sm:static sm:ml-auto sm:mt-0 sm:flex sm:w-auto sm:flex-row sm:items-center sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none`}
      >
        {viewControls}
      </div>
    </div>
  );
}

/** A page number typed and sent with Enter or Go: a long document is not walked a page at a time. */
function GoToPage({ totalPages, onPage }: { totalPages: number; onPage: (pageNumber: number) => void }) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const wanted = Number(typed);
  const valid = Number.isInteger(wanted) && wanted >= 1 && wanted <= totalPages;
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        onPage(wanted);
        setTyped("");
      }}
    >
      <label htmlFor={inputId} className="text-ink-muted">
        Go to page
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={totalPages}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        className={`w-16 rounded-md border border-line bg-surface px-2 py-1.5 text-ink ${FOCUS_RING}`}
      />
      <Button type="submit" variant="secondary" className="px-3 py-1.5" disabled={!valid}>
        Go
      </Button>
    </form>
  );
}

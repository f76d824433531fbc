"use client";

import { Button } from "@/components/ui/button";
import { FOCUS_RING } from "@/components/ui/button-classes";
import type { BoxLayer } from "./page-canvas";

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
 * width and the box layer fold into a "View" menu. Every control keeps a name a screen reader can say.
 */
export function ViewerToolbar({ current, totalPages, onPage, zoom, onZoom, layer, onLayer }: ViewerToolbarProps) {
  const zoomIndex = ZOOM_STEPS.findIndex((step) => step === zoom);
  const viewControls = (
    <>
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
      className="flex flex-nowrap items-center gap-1 text-sm sm:flex-wrap sm:gap-2"
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
      <div className="ml-auto hidden items-center gap-2 sm:flex">{viewControls}</div>
      <details className="relative ml-auto sm:hidden">
        <summary
          className={`cursor-pointer list-none rounded-md border border-line px-3 py-1.5 font-medium ${FOCUS_RING}`}
        >
          View
        </summary>
        <div className="absolute right-0 z-10 mt-1 flex w-48 flex-col items-start gap-2 rounded-md border border-line bg-surface p-3 shadow-lg">
          {viewControls}
        </div>
      </details>
    </div>
  );
}

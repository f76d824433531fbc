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

/** Page, zoom and box-layer controls; every control has a name a screen reader can say. */
export function ViewerToolbar({ current, totalPages, onPage, zoom, onZoom, layer, onLayer }: ViewerToolbarProps) {
  const zoomIndex = ZOOM_STEPS.findIndex((step) => step === zoom);
  return (
    <div role="toolbar" aria-label="Page and zoom" className="flex flex-wrap items-center gap-2 text-sm">
      <Button variant="secondary" className="px-3 py-1.5" disabled={current <= 1} onClick={() => onPage(current - 1)}>
        <span aria-hidden="true">‹</span> Previous page
      </Button>
      <span className="min-w-24 text-center tabular-nums text-ink" aria-live="polite" data-testid="page-indicator">
        Page {current} of {totalPages}
      </span>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={current >= totalPages}
        onClick={() => onPage(current + 1)}
      >
        Next page <span aria-hidden="true">›</span>
      </Button>
      <span className="mx-2 hidden h-6 w-px bg-line sm:inline-block" aria-hidden="true" />
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={zoomIndex <= 0}
        onClick={() => onZoom(ZOOM_STEPS[zoomIndex - 1])}
        aria-label="Zoom out"
      >
        −
      </Button>
      <span className="w-12 text-center tabular-nums" data-testid="zoom-level">
        {Math.round(zoom * 100)}%
      </span>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={zoomIndex >= ZOOM_STEPS.length - 1}
        onClick={() => onZoom(ZOOM_STEPS[zoomIndex + 1])}
        aria-label="Zoom in"
      >
        +
      </Button>
      <Button variant="ghost" className="px-3 py-1.5" disabled={zoom === 1} onClick={() => onZoom(1)}>
        Fit width
      </Button>
      <label className="ml-auto flex items-center gap-2">
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
    </div>
  );
}

"use client";

import { useState } from "react";
import { formatConfidence } from "../format";
import type { BoxedText, PageBoxes, ResultPage } from "../types";
import { LOW_CONFIDENCE, type Selection } from "./geometry";

export type BoxLayer = "words" | "lines" | "blocks";

export interface PageCanvasProps {
  page: ResultPage;
  fileName: string;
  layer: BoxLayer;
  /** 1 = the width of the viewing area. */
  zoom: number;
  selection?: Selection;
  onSelectBox: (selection: Omit<Selection, "related">) => void;
}

const BOX_CLASSES = "cursor-pointer fill-transparent stroke-brand-500/70 hover:fill-brand-500/20";
const DOUBTFUL_CLASSES = "cursor-pointer fill-amber-400/30 stroke-red-600 hover:fill-amber-400/50";

/**
 * The page image with its boxes drawn over it in page-relative units, so they stay in place at any
 * zoom. Hovering a box tells its text and confidence in the line under the page; doubtful words are
 * filled. The frame takes the page's proportions before the image arrives, so nothing moves.
 */
export function PageCanvas({ page, fileName, layer, zoom, selection, onSelectBox }: PageCanvasProps) {
  const [hovered, setHovered] = useState<BoxedText>();
  const boxes = page.bounding_boxes as Partial<PageBoxes>;
  const width = boxes.width || page.width || 1;
  const height = boxes.height || page.height || 1.414;
  const items = boxes[layer] ?? [];

  return (
    <div className="flex flex-col gap-2">
      <div className="max-h-[75vh] overflow-auto rounded-md border border-line bg-surface-muted" role="region" tabIndex={0} aria-label={`Page ${page.page_number}, zoomed to ${Math.round(zoom * 100)}%`}>
        <div className="relative mx-auto bg-white" style={{ width: `${zoom * 100}%`, aspectRatio: `${width} / ${height}` }} data-testid="page-canvas">
          {page.image_url ? (
            // eslint-disable-next-line @next/next/no-img-element -- a signed, per-page URL from the API; next/image would proxy and cache it.
            <img src={page.image_url} alt={`Page ${page.page_number} of ${fileName}`} className="absolute inset-0 size-full select-none" draggable={false} />
          ) : (
            <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-gray-600">No image of this page; its boxes are shown on a blank sheet.</p>
          )}
          <svg className="absolute inset-0 size-full" viewBox="0 0 1 1" preserveAspectRatio="none" aria-hidden="true" onMouseLeave={() => setHovered(undefined)}>
            {items.map((item, index) => {
              const doubtful = layer === "words" && item.confidence < LOW_CONFIDENCE;
              const id = `${layer}:${index}`;
              return (
                <rect
                  key={id}
                  data-box={id}
                  data-doubtful={doubtful || undefined}
                  x={item.box.x}
                  y={item.box.y}
                  width={item.box.width}
                  height={item.box.height}
                  vectorEffect="non-scaling-stroke"
                  strokeWidth={selection?.id === id ? 2.5 : 1}
                  className={doubtful ? DOUBTFUL_CLASSES : BOX_CLASSES}
                  onMouseEnter={() => setHovered(item)}
                  onClick={() => onSelectBox({ id, page: page.page_number, box: item.box })}
                >
                  <title>{`${item.text} — confidence ${formatConfidence(item.confidence)}`}</title>
                </rect>
              );
            })}
            {selection?.box && selection.page === page.page_number ? (
              <rect
                data-testid="selected-box"
                x={selection.box.x}
                y={selection.box.y}
                width={selection.box.width}
                height={selection.box.height}
                vectorEffect="non-scaling-stroke"
                strokeWidth={3}
                className="pointer-events-none fill-brand-500/25 stroke-brand-600"
              />
            ) : null}
          </svg>
        </div>
      </div>
      <p className="min-h-6 truncate text-sm text-ink-muted" data-testid="hovered-box">
        {hovered ? (
          <>
            <span className="font-medium text-ink">“{hovered.text}”</span> · confidence {formatConfidence(hovered.confidence)}
            {hovered.confidence < LOW_CONFIDENCE ? " · low — check it" : ""}
          </>
        ) : (
          `${items.length} ${layer} on this page. Hover a box to see its text and confidence; click it to find its values.`
        )}
      </p>
    </div>
  );
}

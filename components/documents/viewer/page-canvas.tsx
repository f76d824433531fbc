"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTouchScreen } from "@/lib/client/use-touch-screen";
import { turnedRectangle } from "@/lib/documents/word-corners";
import { formatConfidence } from "../format";
import type { Box, PageBoxes, ResultPage, WordBox } from "../types";
import { isDoubleTap, type Tap } from "./double-tap";
import { LOW_CONFIDENCE, type Selection } from "./geometry";
import { fingerSpread, zoomAfterPinch, type Finger } from "./pinch-zoom";
import type { BoxLayer } from "./box-layer";
import { stepForKey, type WordStep } from "./word-navigation";

export type { BoxLayer };

export interface PageCanvasProps {
  page: ResultPage;
  fileName: string;
  layer: BoxLayer;
  /** 1 = the width of the viewing area. */
  zoom: number;
  selection?: Selection;
  onSelectBox: (selection: Omit<Selection, "related">) => void;
  /** The word with the keyboard focus (drawn with a focus ring). */
  focusedWord?: number;
  /** The word to focus after an arrow key, given the focused one. */
  stepWord?: (from: number | undefined, step: WordStep) => number | undefined;
  onFocusWord?: (index: number | undefined) => void;
  /** Opens a word for correction (clicked, or Enter on the focused word); absent for readers who cannot edit. */
  onOpenWord?: (index: number) => void;
  /** Boxes to mark on this page (the words of a search match). */
  highlights?: Box[];
  /** The open word's editor, laid over the page. */
  editor?: ReactNode;
  /** A double tap with a finger (touch screens zoom this way). */
  onDoubleTap?: () => void;
  /** Two fingers pinching on the page: the zoom they ask for. */
  onPinchZoom?: (zoom: number) => void;
}

const BOX_CLASSES = "cursor-pointer fill-transparent stroke-brand-500/70 hover:fill-brand-500/20";
const DOUBTFUL_CLASSES = "cursor-pointer fill-amber-400/30 stroke-red-600 hover:fill-amber-400/50";

/**
 * The page image with its boxes drawn over it in page-relative units, so they stay in place at any
 * zoom. Hovering a box tells its text and confidence in the line under the page; doubtful words are
 * filled. The frame takes the page's proportions before the image arrives, so nothing moves.
 */
export function PageCanvas({
  page,
  fileName,
  layer,
  zoom,
  selection,
  onSelectBox,
  focusedWord,
  stepWord,
  onFocusWord,
  onOpenWord,
  highlights,
  editor,
  onDoubleTap,
  onPinchZoom,
}: PageCanvasProps) {
  const [hovered, setHovered] = useState<WordBox>();
  const touch = useTouchScreen();
  const lastTap = useRef<Tap>(undefined);
  const fingers = useRef(new Map<number, Finger>());
  // The zoom and spread when the second finger came down; kept until every finger is up, so no tap is counted.
  const pinch = useRef<{ zoom: number; spread: number }>(undefined);
  const boxes = page.bounding_boxes as Partial<PageBoxes>;
  const width = boxes.width || page.width || 1;
  const height = boxes.height || page.height || 1.414;
  const items: WordBox[] = boxes[layer] ?? [];
  const words = layer === "words";
  const focused = words && focusedWord !== undefined ? items[focusedWord] : undefined;
  const shown = hovered ?? focused;
  const regionRef = useRef<HTMLDivElement>(null);
  const selectedRef = useRef<SVGRectElement>(null);
  const wasEditing = useRef(false);
  const editing = Boolean(editor);

  // When a word editor closes (saved or cancelled), the keyboard goes back to the page's words.
  useEffect(() => {
    if (wasEditing.current && !editing && (document.activeElement === document.body || !document.activeElement))
      regionRef.current?.focus({ preventScroll: true });
    wasEditing.current = editing;
  }, [editing]);

  // A selected box stays in sight: the zoomed page scrolls to it, and when asked the page itself comes into view.
  const selectedBox = selection?.box && selection.page === page.page_number ? selection.box : undefined;
  const reveal = Boolean(selection?.reveal);
  useEffect(() => {
    const region = regionRef.current;
    const target = selectedRef.current;
    if (!selectedBox || !region || !target) return;
    const area = region.getBoundingClientRect();
    const box = target.getBoundingClientRect();
    if (box.top < area.top || box.bottom > area.bottom)
      region.scrollTop += box.top - area.top - Math.max(0, (area.height - box.height) / 2);
    if (box.left < area.left || box.right > area.right)
      region.scrollLeft += box.left - area.left - Math.max(0, (area.width - box.width) / 2);
    if (reveal) region.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [selectedBox, reveal]);

  function pickWord(index: number) {
    onSelectBox({ id: `words:${index}`, page: page.page_number, box: items[index].box });
    onFocusWord?.(index);
  }

  // Arrow keys move between words, Enter opens the focused one; the region keeps the focus meanwhile.
  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    if (!words || event.target !== event.currentTarget || !stepWord) return;
    const step = stepForKey(event.key);
    if (step) {
      event.preventDefault();
      const next = stepWord(focusedWord, step);
      if (next !== undefined) pickWord(next);
    } else if (event.key === "Enter" && focusedWord !== undefined && onOpenWord) {
      event.preventDefault();
      onOpenWord(focusedWord);
    } else if (event.key === "Escape") {
      onFocusWord?.(undefined);
    }
  }

  if (!page.image_url) {
    // Without a picture of the page (an office file read without LibreOffice), boxes on a blank sheet say nothing: show the text.
    return (
      <div
        className="max-h-[75vh] overflow-auto rounded-md border border-line bg-white p-6 text-black"
        role="region"
        tabIndex={0}
        aria-label={`Text of page ${page.page_number}`}
        data-testid="page-text-view"
      >
        <p className="mb-3 text-sm text-gray-600">
          No image of this page
          {page.source === "office" ? " (office files are pictured only where LibreOffice is installed)" : ""}; its text
          is shown instead.
        </p>
        <pre className="whitespace-pre-wrap font-mono text-sm">{page.extracted_text}</pre>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div
        className="max-h-[75vh] touch-pan-x touch-pan-y overflow-auto rounded-md border border-line bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        ref={regionRef}
        role="region"
        tabIndex={0}
        aria-label={`Page ${page.page_number}, zoomed to ${Math.round(zoom * 100)}%${words ? ". Arrow keys move between words" + (onOpenWord ? ", Enter corrects the word" : "") : ""}`}
        aria-describedby="hovered-box-line"
        onKeyDown={handleKey}
        onPointerDown={(event) => {
          if (event.pointerType !== "touch") return;
          fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          if (fingers.current.size === 2) pinch.current = { zoom, spread: fingerSpread([...fingers.current.values()]) };
        }}
        onPointerMove={(event) => {
          if (event.pointerType !== "touch" || !fingers.current.has(event.pointerId)) return;
          fingers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
          if (!pinch.current || fingers.current.size !== 2 || !onPinchZoom) return;
          const next = zoomAfterPinch(
            pinch.current.zoom,
            pinch.current.spread,
            fingerSpread([...fingers.current.values()]),
          );
          if (next !== zoom) onPinchZoom(next);
        }}
        onPointerCancel={(event) => {
          fingers.current.delete(event.pointerId);
          if (fingers.current.size === 0) pinch.current = undefined;
        }}
        onPointerUp={(event) => {
          if (event.pointerType !== "touch") return;
          fingers.current.delete(event.pointerId);
          if (pinch.current) {
            if (fingers.current.size === 0) pinch.current = undefined;
            lastTap.current = undefined;
            return;
          }
          if (!onDoubleTap) return;
          const tap = { x: event.clientX, y: event.clientY, at: event.timeStamp };
          if (isDoubleTap(lastTap.current, tap)) {
            lastTap.current = undefined;
            onDoubleTap();
          } else lastTap.current = tap;
        }}
      >
        <div
          className="relative mx-auto bg-white"
          style={{ width: `${zoom * 100}%`, aspectRatio: `${width} / ${height}` }}
          data-testid="page-canvas"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- a signed, per-page URL from the API; next/image would proxy and cache it. */}
          <img
            src={page.image_url}
            alt={`Page ${page.page_number} of ${fileName}`}
            className="absolute inset-0 size-full select-none"
            draggable={false}
          />
          <svg
            className="absolute inset-0 size-full"
            viewBox="0 0 1 1"
            preserveAspectRatio="none"
            aria-hidden="true"
            onMouseLeave={() => setHovered(undefined)}
          >
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
                  onClick={() => {
                    if (!words) return onSelectBox({ id, page: page.page_number, box: item.box });
                    pickWord(index);
                    onOpenWord?.(index);
                  }}
                >
                  <title>{`${item.text} — confidence ${formatConfidence(item.confidence)}${item.original_text ? ` — read as ${item.original_text}` : ""}${item.estimated ? " — placed by estimate" : ""}`}</title>
                </rect>
              );
            })}
            {highlights?.map((box, index) => (
              <rect
                key={`hit:${index}`}
                data-testid="search-hit"
                x={box.x}
                y={box.y}
                width={box.width}
                height={box.height}
                vectorEffect="non-scaling-stroke"
                strokeWidth={2}
                className="pointer-events-none fill-yellow-300/50 stroke-amber-600"
              />
            ))}
            {selection?.box && selection.page === page.page_number ? (
              <rect
                ref={selectedRef}
                data-testid="selected-box"
                x={selection.box.x}
                y={selection.box.y}
                width={selection.box.width}
                height={selection.box.height}
                vectorEffect="non-scaling-stroke"
                strokeWidth={3}
                // A search match's words are marked in yellow beneath: its frame only outlines them.
                className={`pointer-events-none ${selection.id === "search" ? "fill-transparent stroke-amber-600" : "fill-brand-500/25 stroke-brand-600"}`}
              />
            ) : null}
            {words
              ? items.map((item, index) =>
                  item.angle && Math.abs(item.angle % 90) >= 0.5 ? (
                    <polygon
                      key={`tilt:${index}`}
                      data-tilted-word={index}
                      points={turnedRectangle(item.box, item.angle, width, height)
                        .corners.map(([x, y]) => `${x},${y}`)
                        .join(" ")}
                      vectorEffect="non-scaling-stroke"
                      className="pointer-events-none fill-transparent stroke-brand-700/60"
                    />
                  ) : null,
                )
              : null}
            {focused ? (
              <rect
                data-testid="focused-word"
                x={focused.box.x}
                y={focused.box.y}
                width={focused.box.width}
                height={focused.box.height}
                vectorEffect="non-scaling-stroke"
                strokeWidth={3}
                strokeDasharray="4 2"
                className="pointer-events-none fill-transparent stroke-brand-700"
              />
            ) : null}
          </svg>
          {editor}
        </div>
      </div>
      <p
        className="min-h-6 truncate text-sm text-ink-muted"
        data-testid="hovered-box"
        id="hovered-box-line"
        aria-live="polite"
      >
        {shown ? (
          <>
            <span className="font-medium text-ink">“{shown.text}”</span> · confidence{" "}
            {formatConfidence(shown.confidence)}
            {shown.original_text ? ` · corrected, read as “${shown.original_text}”` : ""}
            {shown.estimated ? " · placed by estimate" : ""}
            {shown.confidence < LOW_CONFIDENCE ? " · low — check it" : ""}
          </>
        ) : (
          `${items.length} ${layer} on this page. ${touch ? "Tap a box to see its text and confidence and find its values; double-tap or pinch to zoom." : "Hover a box to see its text and confidence; click it to find its values."}`
        )}
      </p>
    </div>
  );
}

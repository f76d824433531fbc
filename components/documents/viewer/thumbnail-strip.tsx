"use client";

import { useEffect, useRef } from "react";
import type { ResultPage } from "../types";

export interface ThumbnailStripProps {
  totalPages: number;
  pages: ReadonlyMap<number, ResultPage>;
  current: number;
  /** Pages with corrections not saved yet. */
  unsaved: ReadonlySet<number>;
  onSelect: (pageNumber: number) => void;
  /** Called when a thumbnail scrolls into view, so its page is fetched then and not before. */
  onVisible: (pageNumber: number) => void;
}

/**
 * Every page as a button; a page's image is fetched only when its thumbnail comes into view, so a
 * 200-page document costs a few requests, not 200 pages at once. Edited pages carry a marker.
 */
export function ThumbnailStrip({ totalPages, pages, current, unsaved, onSelect, onVisible }: ThumbnailStripProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const onVisibleRef = useRef(onVisible);
  useEffect(() => {
    onVisibleRef.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          if (entry.isIntersecting) onVisibleRef.current(Number((entry.target as HTMLElement).dataset.page));
      },
      { root: list },
    );
    list.querySelectorAll("[data-page]").forEach((item) => observer.observe(item));
    return () => observer.disconnect();
  }, [totalPages]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-page="${current}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);

  return (
    <nav aria-label="Pages" className="min-w-0">
      <ol
        ref={listRef}
        className="flex max-h-none gap-2 overflow-x-auto p-1 lg:max-h-[75vh] lg:flex-col lg:overflow-y-auto lg:overflow-x-hidden"
      >
        {Array.from({ length: totalPages }, (_, index) => {
          const pageNumber = index + 1;
          const page = pages.get(pageNumber);
          const edited = page?.edited ?? false;
          const pending = unsaved.has(pageNumber);
          const state = [
            pending ? "unsaved changes" : "",
            edited ? "edited" : "",
            page?.status === "failed" ? "failed" : "",
          ]
            .filter(Boolean)
            .join(", ");
          return (
            <li key={pageNumber} data-page={pageNumber} className="shrink-0">
              <button
                type="button"
                onClick={() => onSelect(pageNumber)}
                aria-current={pageNumber === current ? "page" : undefined}
                data-testid="page-thumbnail"
                className={`relative flex w-20 flex-col items-center gap-1 rounded-md border-2 p-1 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                  pageNumber === current ? "border-brand-600" : "border-transparent hover:border-line"
                }`}
              >
                <span className="relative block aspect-[1/1.3] w-full overflow-hidden rounded-sm border border-line bg-white">
                  {page?.image_url ? (
                    // eslint-disable-next-line @next/next/no-img-element -- signed per-page URL from the API.
                    <img src={page.image_url} alt="" loading="lazy" className="size-full object-contain" />
                  ) : null}
                </span>
                {/* The name read out is "Page 3 (edited)"; the eye sees "3" and the marker. */}
                <span className="text-ink">
                  <span className="sr-only">Page </span>
                  {pageNumber}
                  {state ? <span className="sr-only"> ({state})</span> : null}
                </span>
                {edited || pending ? (
                  <span
                    aria-hidden="true"
                    className={`absolute right-1 top-1 rounded px-1 text-[10px] font-semibold ${pending ? "bg-amber-500 text-black" : "bg-green-700 text-white"}`}
                    data-testid={pending ? "unsaved-marker" : "edited-marker"}
                  >
                    {pending ? "●" : "Edited"}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

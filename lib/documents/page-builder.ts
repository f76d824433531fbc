import type { AssembledLayout } from "@/lib/pages/layout";
import type { Page, PageSource } from "@/lib/pages/types";
import { DocumentError } from "@/lib/errors/document-error";

export function pageFromLayout(options: {
  pageNumber: number;
  layout: AssembledLayout;
  width: number;
  height: number;
  unit: Page["unit"];
  source: PageSource;
}): Page {
  const { layout } = options;
  return {
    pageNumber: options.pageNumber,
    text: layout.text,
    width: options.width,
    height: options.height,
    unit: options.unit,
    words: layout.words,
    lines: layout.lines,
    blocks: layout.blocks,
    source: options.source,
    confidence: layout.confidence,
  };
}

/**
 * The page handed to an onPage listener, as the reader's returned list keeps it: without its image,
 * which the listener has, so a long document's images are not all held in memory at once.
 */
export function keptAfterListener(page: Page, listener: unknown): Page {
  if (!listener || !page.image) return page;
  const kept = { ...page };
  delete kept.image;
  return kept;
}

/** A page that could not be read: recorded with its error so its neighbours still count. */
export function failedPage(pageNumber: number, source: PageSource, error: unknown): Page {
  const code = error instanceof DocumentError ? error.code : "page_failed";
  const message = error instanceof Error ? error.message : String(error);
  return {
    pageNumber,
    text: "",
    width: 0,
    height: 0,
    unit: "pt",
    words: [],
    lines: [],
    blocks: [],
    source,
    confidence: 0,
    error: { code, message },
  };
}

/** Run `task` over items with at most `limit` in flight, keeping result order. */
export async function mapWithLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function runner(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, runner));
  return results;
}

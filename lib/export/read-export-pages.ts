import type { Db } from "@/lib/db";
import type { ExportPageOverride } from "./export-schemas";
import type { ExportDocument, ExportPage } from "./export-types";
import { toExportPage } from "./to-export-page";

/** Pages read from the database per query: enough to be quick, few enough to keep memory flat in the page count. */
export const EXPORT_PAGE_CHUNK = 25;

/**
 * A document's pages in order, read a chunk at a time, with unsaved edits applied. Pages the
 * document will have but has not stored yet (still processing) come as status missing. Only the
 * document's own pages are walked (a request naming others was refused, see assertPagesInDocument),
 * and the walk stops with an AbortError once `signal` aborts (the client went away).
 */
export async function* readExportPages({
  db,
  document,
  overrides = [],
  signal,
}: {
  db: Db;
  document: ExportDocument;
  overrides?: ExportPageOverride[];
  signal?: AbortSignal;
}): AsyncGenerator<ExportPage> {
  const byNumber = new Map(overrides.map((page) => [page.page_number, page]));
  const last = document.pageCount;
  for (let first = 1; first <= last; first += EXPORT_PAGE_CHUNK) {
    signal?.throwIfAborted();
    const rows = await db.page.findMany({
      where: { documentId: document.id, pageNumber: { gte: first, lt: first + EXPORT_PAGE_CHUNK } },
      orderBy: { pageNumber: "asc" },
    });
    const rowByNumber = new Map(rows.map((row) => [row.pageNumber, row]));
    for (let pageNumber = first; pageNumber < first + EXPORT_PAGE_CHUNK && pageNumber <= last; pageNumber++) {
      signal?.throwIfAborted();
      const row = rowByNumber.get(pageNumber);
      yield toExportPage(pageNumber, row, row ? byNumber.get(pageNumber) : undefined);
    }
  }
}

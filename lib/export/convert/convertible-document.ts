import type { Db } from "@/lib/db";
import type { BatchDocument } from "@/lib/db/generated/client";
import { assertPagesInDocument } from "../assert-pages-in-document";
import type { ExportPageOverride } from "../export-schemas";
import { toExportPage } from "../to-export-page";

/** A document as the convert formats render it; the JSON format is exactly this object. */
export interface ConvertibleDocument {
  [key: string]: unknown;
  document_id: string;
  file_name: string;
  document_type: string | null;
  language: string | null;
  /** Key-values by key (a repeated key gets " (2)", " (3)"…), the field,value section of the CSV. */
  fields: Record<string, string>;
  key_values: { key: string; value: string; page: number }[];
  tables: { page: number; rows: string[][] }[];
  pages: {
    page_number: number;
    text: string;
    key_values: { key: string; value: string }[];
    tables: { rows: string[][] }[];
  }[];
}

/**
 * The stored document (edits included, and unsaved ones given as overrides) as one object; pages not
 * read are listed in missing. An override for a page the document does not have is refused (422);
 * the walk stops with an AbortError once `signal` aborts (the client went away).
 */
export async function loadConvertibleDocument({
  db,
  document,
  overrides = [],
  signal,
}: {
  db: Db;
  document: BatchDocument;
  overrides?: ExportPageOverride[];
  signal?: AbortSignal;
}): Promise<{ converted: ConvertibleDocument; missing: number[] }> {
  // Boxes are not rendered by any format: leaving them out keeps a 200-page read small and quick.
  const rows = await db.page.findMany({
    where: { documentId: document.id },
    orderBy: { pageNumber: "asc" },
    select: { pageNumber: true, extractedText: true, structuredData: true, status: true, error: true },
  });
  const total = Math.max(rows.length, document.pagesTotal ?? 0);
  assertPagesInDocument([{ fileName: document.fileName, pageCount: total, pages: overrides, at: ["pages"] }]);
  const byNumber = new Map(rows.map((row) => [row.pageNumber, row]));
  const overrideByNumber = new Map(overrides.map((page) => [page.page_number, page]));
  const missing: number[] = [];
  const converted: ConvertibleDocument = {
    ...documentFacts(document),
    fields: {},
    key_values: [],
    tables: [],
    pages: [],
  };
  for (let pageNumber = 1; pageNumber <= total; pageNumber++) {
    signal?.throwIfAborted();
    const row = byNumber.get(pageNumber);
    const page = toExportPage(pageNumber, row, row ? overrideByNumber.get(pageNumber) : undefined);
    if (page.status === "missing") {
      missing.push(pageNumber);
      continue;
    }
    converted.pages.push({
      page_number: pageNumber,
      text: page.text,
      key_values: page.keyValues,
      tables: page.tables.map((table) => ({ rows: table })),
    });
    for (const pair of page.keyValues) {
      converted.key_values.push({ ...pair, page: pageNumber });
      converted.fields[uniqueKey(converted.fields, pair.key || "(no label)")] = pair.value;
    }
    for (const table of page.tables) converted.tables.push({ page: pageNumber, rows: table });
  }
  return { converted, missing };
}

function documentFacts(
  document: BatchDocument,
): Pick<ConvertibleDocument, "document_id" | "file_name" | "document_type" | "language"> {
  const structured = ((document.metadata as Record<string, unknown>).structured_data ?? {}) as Record<string, unknown>;
  return {
    document_id: document.id,
    file_name: document.fileName,
    document_type: typeof structured.document_type === "string" ? structured.document_type : null,
    language: typeof structured.language === "string" ? structured.language : null,
  };
}

function uniqueKey(existing: Record<string, string>, key: string): string {
  if (!(key in existing)) return key;
  let index = 2;
  while (`${key} (${index})` in existing) index++;
  return `${key} (${index})`;
}

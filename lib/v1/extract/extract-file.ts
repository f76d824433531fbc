import { extractDocument } from "@/lib/ai";
import { DocumentError, isDocumentErrorCode, readDocument } from "@/lib/documents";
import type { Box, Page } from "@/lib/pages/types";
import type { KeyValuePair, SchemaField } from "@/lib/extraction/types";
import type { ModelVersion } from "@/lib/models";
import type { DocumentExtraction } from "./extraction-result";

export interface ExtractFileInput {
  bytes: Buffer;
  fileName: string;
  model: ModelVersion;
  schema?: SchemaField[];
  detail: boolean;
  /** Refuse (too_many_pages) a document that turns out longer, when the count was unknown up front. */
  maxPages?: number;
  /** Pages finished so far in this file, as they finish. */
  onProgress?: (pagesDone: number) => void | Promise<void>;
}

export interface ExtractedFile {
  extraction: DocumentExtraction;
  /** Pages read without error: what is charged. */
  pagesProcessed: number;
  tokens: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A document none of whose pages could be read is a failure with the first page's reason, as the
 * batch and OCR endpoints answer it, never a "completed" result with nothing in it.
 */
function unreadableDocument(fileName: string, pages: Page[]): DocumentError {
  const reason = pages.find((page) => page.error)?.error;
  const code = reason && isDocumentErrorCode(reason.code) ? reason.code : "corrupt_document";
  return new DocumentError(code, `No page of ${fileName} could be read: ${reason?.message ?? "unknown reason"}`);
}

/**
 * Reads one file (OCR where needed) and structures it with extractDocument: the AI provider when one
 * is configured, the deterministic engine otherwise. Throws the engine's errors (DocumentError,
 * ModelError); the caller maps them to the developer API's codes.
 */
export async function extractFile(input: ExtractFileInput): Promise<ExtractedFile> {
  const started = performance.now();
  let pagesDone = 0;
  const read = await readDocument({
    bytes: input.bytes,
    fileName: input.fileName,
    model: input.model,
    maxPages: input.maxPages,
    onPage: input.onProgress ? () => input.onProgress?.(++pagesDone) : undefined,
  });
  if (read.pagesProcessed === 0) throw unreadableDocument(input.fileName, read.pages);
  const structure = await extractDocument({ pages: read.pages, schema: input.schema });
  const extraction: DocumentExtraction = {
    file_name: input.fileName,
    document_type: structure.documentType,
    language: structure.language,
    confidence: structure.confidence,
    fields: structure.fields ?? keyValueFields(structure.keyValuePairs),
    tables: structure.tables.map((table) => ({
      page: table.page,
      pages: table.pages,
      rows: table.rows,
      source: table.source,
      ...(input.detail && table.box ? { box: table.box } : {}),
    })),
    entities: structure.entities.map((entity) => ({
      type: entity.type,
      text: entity.text,
      value: entity.value,
      page: entity.page,
    })),
    pages_processed: read.pagesProcessed,
    processing_time_ms: Math.round(performance.now() - started),
    engine: structure.engine,
  };
  if (input.detail) {
    extraction.field_details = structure.fieldDetails
      ? structure.fieldDetails.map((detail) => ({
          name: detail.name,
          value: detail.value,
          type: detail.type,
          page: detail.page,
          box: detail.box,
          confidence: round(detail.confidence),
          words: detail.words,
          ...(detail.reason ? { reason: detail.reason } : {}),
        }))
      : keyValueDetails(structure.keyValuePairs, read.pages);
    extraction.pages = read.pages.map((page) => ({
      page: page.pageNumber,
      text: page.text,
      width: page.width,
      height: page.height,
      unit: page.unit,
      source: page.source,
      confidence: round(page.confidence),
    }));
  }
  return { extraction, pagesProcessed: read.pagesProcessed, tokens: read.tokens };
}

// Without a schema, fields are the key-value pairs found; a label seen again gets " (2)", " (3)"…
// rather than overwriting the first value.
function keyValueFields(pairs: KeyValuePair[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const { key, value } of uniqueKeys(pairs)) fields[key] = value;
  return fields;
}

function uniqueKeys(pairs: KeyValuePair[]): Array<KeyValuePair & { key: string }> {
  const seen = new Map<string, number>();
  return pairs.map((pair) => {
    const count = (seen.get(pair.key) ?? 0) + 1;
    seen.set(pair.key, count);
    return { ...pair, key: count === 1 ? pair.key : `${pair.key} (${count})` };
  });
}

function keyValueDetails(pairs: KeyValuePair[], pages: Page[]): NonNullable<DocumentExtraction["field_details"]> {
  return uniqueKeys(pairs).map((pair) => {
    const page = pages.find((candidate) => candidate.pageNumber === pair.page);
    const box = pair.valueBox ?? null;
    return {
      name: pair.key,
      value: pair.value,
      page: pair.page,
      box,
      confidence: round(pair.confidence),
      words: page && box ? wordsInside(page, box) : pair.value.split(/\s+/).filter(Boolean),
    };
  });
}

/** The page's words whose centre lies in the box: the words a value was read from. */
function wordsInside(page: Page, box: Box): string[] {
  return page.words
    .filter((word) => {
      const x = word.box.x + word.box.width / 2;
      const y = word.box.y + word.box.height / 2;
      return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
    })
    .map((word) => word.text);
}

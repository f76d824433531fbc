import type { Box, Page } from "@/lib/pages/types";
import type { Prisma } from "@/lib/db/generated/client";
import { extractStructure } from "@/lib/extraction/extract-structure";
import type { DocumentStructure } from "@/lib/extraction/types";

/** A word as stored: `original_text` is the engine's reading, kept when a person corrected `text`. */
export type StoredWord = Page["words"][number];

/** What a page row keeps in bounding_boxes: the page size and every word, line and block box (0–1). */
export interface StoredBoundingBoxes {
  width: number;
  height: number;
  unit: Page["unit"];
  /** Quarter turn the page's text was read at (OCR pages); absent when not detected. */
  orientation?: Page["orientation"];
  /** A person replaced the page's text with text unrelated to its words: every word's box is an estimate. */
  text_replaced?: boolean;
  words: StoredWord[];
  lines: Page["lines"];
  blocks: Page["blocks"];
}

/**
 * A box's coordinates to a millionth of the page (a 40th of a pixel at 1,200 DPI): the engine's
 * doubles carry 17 digits, which made the boxes most of a page row and of the time to write it.
 */
export function roundedBox(box: Box): Box {
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
}

function withRoundedBox<T extends { box: Box }>(item: T): T {
  return { ...item, box: roundedBox(item.box) };
}

export function boundingBoxesOf(page: Page): StoredBoundingBoxes {
  return {
    width: page.width,
    height: page.height,
    unit: page.unit,
    ...(page.orientation !== undefined ? { orientation: page.orientation } : {}),
    words: page.words.map(withRoundedBox),
    lines: page.lines.map(withRoundedBox),
    blocks: page.blocks.map(withRoundedBox),
  };
}

/** The extraction's own key names, converted once (a document's structure repeats them thousands of times). */
const snakeCaseKeys = new Map<string, string>();
const maxRememberedKeys = 1_000;

function snakeCase(key: string): string {
  const known = snakeCaseKeys.get(key);
  if (known !== undefined) return known;
  const converted = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  // Schema field names come from requests: only so many are remembered.
  if (snakeCaseKeys.size < maxRememberedKeys) snakeCaseKeys.set(key, converted);
  return converted;
}

/** The API's snake_case for extraction results (keyValuePairs → key_value_pairs, at every depth). */
export function toSnakeCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeCaseKeys);
  if (value && typeof value === "object") {
    const converted: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) converted[snakeCase(key)] = toSnakeCaseKeys(inner);
    return converted;
  }
  return value;
}

/** key_value_pairs, tables, entities, language, document_type, confidence and engine of some pages. */
export function structuredDataOf(pages: Page[]): Prisma.InputJsonObject {
  const structure: DocumentStructure = extractStructure({ pages });
  return toSnakeCaseKeys(structure) as Prisma.InputJsonObject;
}

/** A stored page row back as the engine's Page, for document-level extraction over edited text. */
export function pageFromRow(row: {
  pageNumber: number;
  extractedText: string;
  boundingBoxes: unknown;
  source: string | null;
  confidence: number | null;
  status: string;
}): Page {
  const boxes = (row.boundingBoxes ?? {}) as Partial<StoredBoundingBoxes>;
  return {
    pageNumber: row.pageNumber,
    text: row.extractedText,
    width: boxes.width ?? 0,
    height: boxes.height ?? 0,
    unit: boxes.unit ?? "pt",
    ...(boxes.orientation !== undefined ? { orientation: boxes.orientation } : {}),
    words: boxes.words ?? [],
    lines: boxes.lines ?? [],
    blocks: boxes.blocks ?? [],
    source: row.source === "ocr" || row.source === "office" ? row.source : "text_layer",
    confidence: row.confidence ?? 0,
    ...(row.status === "failed" ? { error: { code: "page_failed", message: "page failed" } } : {}),
  };
}

import type { Page } from "@/lib/db/generated/client";
import type { ExportPageOverride } from "./export-schemas";
import type { ExportPage } from "./export-types";

interface StoredBoxes {
  width?: number;
  height?: number;
  unit?: "pt" | "px";
  words?: ExportPage["words"];
  lines?: ExportPage["lines"];
}

/** The columns an export reads; converting needs no boxes or images, so they are optional. */
export type ExportPageRow = Pick<Page, "extractedText" | "structuredData" | "status" | "error"> &
  Partial<Pick<Page, "boundingBoxes" | "imageKey" | "source" | "width" | "height" | "editedAt">>;

/** A stored page row (or a page not stored yet) with the request's unsaved edits on top. */
export function toExportPage(
  pageNumber: number,
  row: ExportPageRow | undefined,
  override: ExportPageOverride | undefined,
): ExportPage {
  const boxes = (override?.bounding_boxes ?? row?.boundingBoxes ?? {}) as StoredBoxes;
  const structured = (override?.structured_data ?? row?.structuredData ?? {}) as Record<string, unknown>;
  const completed = row !== undefined && row.status !== "failed";
  return {
    pageNumber,
    status: completed ? "completed" : "missing",
    error: row?.status === "failed" ? (row.error ?? "The page could not be read") : row ? null : "Not read yet",
    text: override?.extracted_text ?? row?.extractedText ?? "",
    words: Array.isArray(boxes.words) ? boxes.words.filter((word) => typeof word?.text === "string" && word.box) : [],
    lines: Array.isArray(boxes.lines)
      ? boxes.lines.filter((line) => line?.box && Number.isInteger(line.firstWord) && Number.isInteger(line.wordCount))
      : [],
    width: boxes.width || row?.width || 612,
    height: boxes.height || row?.height || 792,
    unit: boxes.unit === "px" ? "px" : "pt",
    imageKey: row?.imageKey ?? null,
    source: row?.source ?? null,
    edited: override !== undefined || (row?.editedAt ?? null) !== null,
    keyValues: keyValuesOf(structured.key_value_pairs),
    tables: tablesOf(structured.tables),
  };
}

function keyValuesOf(value: unknown): ExportPage["keyValues"] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((pair): pair is { key: unknown; value: unknown } => typeof pair === "object" && pair !== null)
    .map((pair) => ({ key: textOf(pair.key), value: textOf(pair.value) }))
    .filter((pair) => pair.key !== "" || pair.value !== "");
}

function tablesOf(value: unknown): string[][][] {
  if (!Array.isArray(value)) return [];
  return value
    .map((table) => (table && typeof table === "object" ? (table as { rows?: unknown }).rows : undefined))
    .filter((rows): rows is unknown[] => Array.isArray(rows) && rows.length > 0)
    .map((rows) => rows.map((row) => (Array.isArray(row) ? row.map(textOf) : [textOf(row)])));
}

function textOf(value: unknown): string {
  return value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
}

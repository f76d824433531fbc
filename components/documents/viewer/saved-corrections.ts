import type { PageCorrection } from "../batch-api";
import type { PageStructure, ResultPage } from "../types";
import { textChanges } from "./text-changes";

// Corrections already saved, kept so each can be taken back as a whole: the pages exactly as they were
// before it (text, words with their boxes, structure) and, for the person, what it changed.

/** One change a saved correction made: a value or a stretch of text, before and after. */
export interface CorrectionChange {
  /** "Invoice number", "Text", "Table 1, row 2, column 3", … */
  where: string;
  pageNumber: number;
  before: string;
  after: string;
}

export interface SavedCorrection {
  /** The pages as they were just before the correction was saved. */
  before: ResultPage[];
  changes: CorrectionChange[];
}

function structureChanges(pageNumber: number, before: PageStructure, after: PageStructure): CorrectionChange[] {
  const changes: CorrectionChange[] = [];
  const afterPairs = after.key_value_pairs ?? [];
  (before.key_value_pairs ?? []).forEach((pair, index) => {
    const value = afterPairs[index]?.value;
    if (value !== undefined && value !== pair.value)
      changes.push({ where: pair.key, pageNumber, before: pair.value, after: value });
  });
  const afterEntities = after.entities ?? [];
  (before.entities ?? []).forEach((entity, index) => {
    const value = afterEntities[index]?.value;
    if (value !== undefined && value !== entity.value)
      changes.push({ where: entity.type.replace(/_/g, " "), pageNumber, before: entity.value, after: value });
  });
  const afterTables = after.tables ?? [];
  (before.tables ?? []).forEach((table, tableIndex) =>
    table.rows.forEach((row, rowIndex) =>
      row.forEach((cell, column) => {
        const value = afterTables[tableIndex]?.rows[rowIndex]?.[column];
        if (value !== undefined && value !== cell)
          changes.push({
            where: `Table ${tableIndex + 1}, row ${rowIndex + 1}, column ${column + 1}`,
            pageNumber,
            before: cell,
            after: value,
          });
      }),
    ),
  );
  return changes;
}

/** Each run of removed and added words of the text, as one change ("M8 pieces" → "M10"). */
function textRunChanges(pageNumber: number, before: string, after: string): CorrectionChange[] {
  const changes: CorrectionChange[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed.trim() || added.trim())
      changes.push({ where: "Text", pageNumber, before: removed.trim(), after: added.trim() });
    removed = "";
    added = "";
  };
  for (const part of textChanges(before, after).changes) {
    if (part.kind === "removed") removed += part.text;
    else if (part.kind === "added") added += part.text;
    else if (part.text.trim()) flush();
  }
  flush();
  return changes;
}

/** What a correction changed on a page: its values first, then the runs of text. */
export function describeCorrection(
  before: ResultPage,
  after: { extracted_text?: string; structured_data?: PageStructure },
): CorrectionChange[] {
  return [
    ...(after.structured_data
      ? structureChanges(before.page_number, before.structured_data as PageStructure, after.structured_data)
      : []),
    ...(after.extracted_text !== undefined && after.extracted_text !== before.extracted_text
      ? textRunChanges(before.page_number, before.extracted_text, after.extracted_text)
      : []),
  ];
}

/** The PUT body that puts a page back exactly as it was: its text, its words as they were, its structure. */
export function restoreBody(page: ResultPage): PageCorrection {
  const boxes = page.bounding_boxes as { width?: unknown; words?: unknown } | undefined;
  return {
    page_number: page.page_number,
    extracted_text: page.extracted_text,
    structured_data: page.structured_data as PageStructure,
    ...(boxes && typeof boxes.width === "number" && Array.isArray(boxes.words)
      ? { bounding_boxes: boxes as Record<string, unknown> }
      : {}),
  };
}

/** One line per change, in the person's words: “INV-1” → “INV-2”, a deletion, an addition. */
export function changeSentence(change: CorrectionChange): string {
  const place = `${change.where} (page ${change.pageNumber})`;
  if (!change.before) return `${place}: added “${change.after}”`;
  if (!change.after) return `${place}: removed “${change.before}”`;
  return `${place}: “${change.before}” → “${change.after}”`;
}

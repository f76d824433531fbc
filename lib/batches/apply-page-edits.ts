import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { applyWordEdits, textMatchesWords } from "./apply-word-edits";
import { pageFromRow, structuredDataOf, type StoredBoundingBoxes } from "./processing/page-data";
import { invalidateBatchStatus } from "./status-cache";
import type { PageUpdate } from "./request-schemas";
import { alignTextToWords, type WordChanges } from "./text-placement/align-text-to-words";

export type PageEdit = PageUpdate & { page_number: number };

type Transaction = Parameters<Parameters<Db["$transaction"]>[0]>[0];

async function storedBoxes(tx: Transaction, documentId: string, pageNumber: number): Promise<StoredBoundingBoxes> {
  const row = await tx.page.findUniqueOrThrow({
    where: { documentId_pageNumber: { documentId, pageNumber } },
    select: { boundingBoxes: true },
  });
  const stored = (row.boundingBoxes ?? {}) as Partial<StoredBoundingBoxes>;
  return {
    width: stored.width ?? 0,
    height: stored.height ?? 0,
    unit: stored.unit ?? "pt",
    ...stored,
    words: stored.words ?? [],
    lines: stored.lines ?? [],
    blocks: stored.blocks ?? [],
  };
}

type PageFields = Omit<PageEdit, "word_edits">;

/**
 * The page fields an edit writes, kept in agreement: word_edits change words and rebuild the text; a
 * text is stored as sent and placed on the page's words (those sent beside it, else the stored ones)
 * by alignTextToWords. Text and words that already agree, and a text for a page without words (a
 * text view), are stored as sent.
 */
async function consistentFields(
  tx: Transaction,
  documentId: string,
  edit: PageEdit,
): Promise<{ fields: PageFields; changes: WordChanges | null }> {
  const { word_edits: wordEdits, ...fields } = edit;
  if (wordEdits) {
    const boxes = await storedBoxes(tx, documentId, fields.page_number);
    const { boundingBoxes, extractedText } = applyWordEdits(boxes, wordEdits);
    const changed = boundingBoxes.words.filter((word, index) => word.text !== boxes.words[index].text).length;
    return {
      fields: { ...fields, bounding_boxes: boundingBoxes, extracted_text: extractedText },
      changes: { kept: boxes.words.length - changed, changed, inserted: 0, removed: 0, text_replaced: false },
    };
  }
  if (fields.extracted_text === undefined) return { fields, changes: null };
  const boxes =
    (fields.bounding_boxes as StoredBoundingBoxes | undefined) ??
    (await storedBoxes(tx, documentId, fields.page_number));
  if (boxes.words.length === 0) return { fields, changes: null };
  if (fields.bounding_boxes && textMatchesWords(fields.extracted_text, boxes.words)) {
    const words = boxes.words.length;
    return { fields, changes: { kept: words, changed: 0, inserted: 0, removed: 0, text_replaced: false } };
  }
  const { boundingBoxes, changes } = alignTextToWords(boxes, fields.extracted_text);
  return { fields: { ...fields, bounding_boxes: boundingBoxes }, changes };
}

/**
 * Writes a person's corrections to pages of one document in one transaction (all or none) and
 * records editedAt, which reprocessing respects: an edited page keeps its edited text, boxes and
 * structure. Fields not given are left as they are. The document-level structure is rebuilt from
 * the pages as edited.
 */
export async function applyPageEdits(options: {
  db: Db;
  document: { id: string; batchId: string };
  edits: PageEdit[];
}): Promise<{ editedAt: Date; pageNumbers: number[]; wordChanges: Map<number, WordChanges> }> {
  const { db, document, edits } = options;
  const wordChanges = new Map<number, WordChanges>();
  const editedAt = new Date();
  const pageNumbers = edits.map((edit) => edit.page_number).sort((a, b) => a - b);
  await db.$transaction(async (tx) => {
    const existing = await tx.page.findMany({
      where: { documentId: document.id, pageNumber: { in: pageNumbers } },
      select: { pageNumber: true },
    });
    const found = new Set(existing.map((page) => page.pageNumber));
    const missing = pageNumbers.filter((pageNumber) => !found.has(pageNumber));
    if (missing.length > 0)
      throw new AppError("not_found", `Page ${missing.join(", ")} of document ${document.id} not found`);
    for (const requested of edits) {
      const { fields: edit, changes } = await consistentFields(tx, document.id, requested);
      if (changes) wordChanges.set(edit.page_number, changes);
      await tx.page.update({
        where: { documentId_pageNumber: { documentId: document.id, pageNumber: edit.page_number } },
        data: {
          ...(edit.extracted_text !== undefined ? { extractedText: edit.extracted_text } : {}),
          ...(edit.bounding_boxes !== undefined
            ? { boundingBoxes: edit.bounding_boxes as unknown as Prisma.InputJsonObject }
            : {}),
          ...(edit.structured_data !== undefined
            ? { structuredData: edit.structured_data as Prisma.InputJsonObject }
            : {}),
          editedAt,
        },
      });
    }
    const rows = await tx.page.findMany({ where: { documentId: document.id }, orderBy: { pageNumber: "asc" } });
    const current = await tx.batchDocument.findUniqueOrThrow({
      where: { id: document.id },
      select: { metadata: true },
    });
    const structure = structuredDataOf(rows.map(pageFromRow).filter((page) => !page.error));
    await tx.batchDocument.update({
      where: { id: document.id },
      data: { metadata: { ...(current.metadata as Prisma.JsonObject), structured_data: structure } },
    });
  });
  invalidateBatchStatus(document.batchId);
  return { editedAt, pageNumbers, wordChanges };
}

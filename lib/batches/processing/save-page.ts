import type { Db } from "@/lib/db";
import type { Page } from "@/lib/documents/types";
import type { Prisma } from "@/lib/db/generated/client";
import type { ModelVersion } from "@/lib/models";
import { pageImageKey, type BlobStore } from "@/lib/storage";
import { pageChargeKey } from "@/lib/usage/charge-keys";
import { chargeUsage } from "@/lib/usage/charge-usage";
import { boundingBoxesOf, structuredDataOf } from "./page-data";
import { logger } from "@/lib/log/logger";

export interface SavePageContext {
  db: Db;
  store: BlobStore;
  document: { id: string; batchId: string };
  /** The batch's user, charged per page; null for guests, who are not charged. */
  userId: string | null;
  model: ModelVersion;
}

/** Whether the page was written, and whether a person's edited version was kept instead. */
export type SavePageOutcome = { saved: boolean; keptEdit: boolean };

/**
 * Stores one read page: its image, a row with text, boxes and structure, and one usage charge
 * (chargeKey doc:<id>:page:<n>, so a retried chunk never charges twice). A page a person edited keeps
 * the edited text, boxes and structure; only its status and image are refreshed.
 * Returns saved: false when the document was deleted meanwhile.
 */
export async function savePage(context: SavePageContext, page: Page): Promise<SavePageOutcome> {
  const { db, store, document } = context;
  const imageKey = page.image ? pageImageKey(document.batchId, document.id, page.pageNumber) : null;
  if (imageKey && page.image) await store.put(imageKey, page.image, "image/png");

  const status = page.error ? "failed" : "completed";
  const common = {
    status,
    error: page.error ? page.error.message : null,
    imageKey,
    width: page.width,
    height: page.height,
    source: page.source,
    confidence: page.confidence,
  };
  const content = {
    extractedText: page.text,
    boundingBoxes: boundingBoxesOf(page) as unknown as Prisma.InputJsonObject,
    structuredData: page.error ? {} : structuredDataOf([page]),
  };
  const where = { documentId_pageNumber: { documentId: document.id, pageNumber: page.pageNumber } };
  const existing = await db.page.findUnique({ where, select: { editedAt: true } });
  const keptEdit = existing?.editedAt != null;
  try {
    if (existing) await db.page.update({ where, data: keptEdit ? common : { ...common, ...content } });
    else
      await db.page.create({ data: { documentId: document.id, pageNumber: page.pageNumber, ...common, ...content } });
  } catch (error) {
    if (!(await db.batchDocument.findUnique({ where: { id: document.id }, select: { id: true } }))) {
      // Deleted while this page was read: the image just written would be an orphan.
      if (imageKey) await store.delete(imageKey);
      return { saved: false, keptEdit: false };
    }
    throw error;
  }
  if (!page.error && context.userId) {
    await chargeUsage(db, {
      userId: context.userId,
      source: "app",
      operation: "ocr",
      model: context.model.id,
      pages: 1,
      tokens: context.model.tokensPerPage,
      chargeKey: pageChargeKey(document.id, page.pageNumber),
      documentId: document.id,
    });
  }
  logger.info("page", {
    batch_id: document.batchId,
    document_id: document.id,
    page: page.pageNumber,
    status,
    source: page.source,
    error: page.error?.message,
  });
  return { saved: true, keptEdit };
}

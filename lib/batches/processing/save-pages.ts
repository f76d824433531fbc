import type { Db } from "@/lib/db";
import type { Page } from "@/lib/pages/types";
import type { Prisma } from "@/lib/db/generated/client";
import type { ModelVersion } from "@/lib/models";
import { pageImageKey, type BlobStore } from "@/lib/storage";
import { chargeDocumentPages } from "@/lib/usage/charge-document-pages";
import { logger } from "@/lib/log/logger";
import { insertPages } from "./insert-pages";
import { boundingBoxesOf, structuredDataOf } from "./page-data";
import { timeStage, type StageTimings } from "./stage-timings";

export interface SavePagesContext {
  db: Db;
  store: BlobStore;
  document: { id: string; batchId: string };
  /** The batch's user, charged per page; null for guests, who are not charged. */
  userId: string | null;
  model: ModelVersion;
  /** Text-layer pages came without an image: it is rendered from the original when first asked for. */
  imagesOnDemand: boolean;
  timings: StageTimings;
}

/** Pages written, and those whose edited version was kept; saved: false when the document was deleted meanwhile. */
export type SavePagesOutcome = { saved: boolean; keptEdits: number[] };

function imageKeyOf(context: SavePagesContext, page: Page): string | null {
  const onDemand = context.imagesOnDemand && !page.error && page.source === "text_layer";
  return page.image || onDemand ? pageImageKey(context.document.batchId, context.document.id, page.pageNumber) : null;
}

/** A re-read page's content for a Prisma update (the rare path: rows already stored). */
function parsedContent(content: { extractedText: string; boundingBoxes: string; structuredData: string }) {
  return {
    extractedText: content.extractedText,
    boundingBoxes: JSON.parse(content.boundingBoxes) as Prisma.InputJsonObject,
    structuredData: JSON.parse(content.structuredData) as Prisma.InputJsonObject,
  };
}

/**
 * Stores read pages together: their images, their rows (new ones in one statement) with text, boxes
 * and structure, and one usage charge per page in one statement (chargeKey doc:<id>:page:<n>, so a
 * retried chunk never charges twice). A page a person edited keeps the edited text, boxes and
 * structure; only its status and image are refreshed.
 */
export async function savePages(context: SavePagesContext, pages: Page[]): Promise<SavePagesOutcome> {
  const { db, store, document, timings } = context;
  const withImages = pages.filter((page) => page.image);
  await timeStage(timings, "store", () =>
    Promise.all(withImages.map((page) => store.put(imageKeyOf(context, page)!, page.image!, "image/png"))),
  );
  const rows = await timeStage(timings, "structure", async () =>
    pages.map((page) => ({
      pageNumber: page.pageNumber,
      common: {
        status: page.error ? "failed" : "completed",
        error: page.error ? page.error.message : null,
        imageKey: imageKeyOf(context, page),
        width: page.width,
        height: page.height,
        source: page.source,
        confidence: page.confidence,
      },
      // Serialised once here: new rows go in as this text, rewritten rows as the parsed value.
      content: {
        extractedText: page.text,
        boundingBoxes: JSON.stringify(boundingBoxesOf(page)),
        structuredData: JSON.stringify(page.error ? {} : structuredDataOf([page])),
      },
    })),
  );
  let keptEdits: number[];
  try {
    keptEdits = await timeStage(timings, "rows", async () => {
      const inserted = new Set(
        await insertPages({
          db,
          documentId: document.id,
          rows: rows.map((row) => ({ pageNumber: row.pageNumber, ...row.common, ...row.content })),
        }),
      );
      const stored = rows.filter((row) => !inserted.has(row.pageNumber));
      if (stored.length === 0) return [];
      const edited = new Set(
        (
          await db.page.findMany({
            where: { documentId: document.id, pageNumber: { in: stored.map((row) => row.pageNumber) } },
            select: { pageNumber: true, editedAt: true },
          })
        )
          .filter((row) => row.editedAt)
          .map((row) => row.pageNumber),
      );
      for (const row of stored) {
        await db.page.update({
          where: { documentId_pageNumber: { documentId: document.id, pageNumber: row.pageNumber } },
          data: edited.has(row.pageNumber) ? row.common : { ...row.common, ...parsedContent(row.content) },
        });
      }
      return [...edited];
    });
  } catch (error) {
    if (!(await db.batchDocument.findUnique({ where: { id: document.id }, select: { id: true } }))) {
      // Deleted while these pages were read: the images just written would be orphans.
      await Promise.all(withImages.map((page) => store.delete(imageKeyOf(context, page)!)));
      return { saved: false, keptEdits: [] };
    }
    throw error;
  }

  const read = pages.filter((page) => !page.error).map((page) => page.pageNumber);
  if (context.userId && read.length > 0) {
    const userId = context.userId;
    await timeStage(timings, "charge", () =>
      chargeDocumentPages(db, {
        userId,
        source: "app",
        operation: "ocr",
        model: context.model.id,
        tokensPerPage: context.model.tokensPerPage,
        documentId: document.id,
        pageNumbers: read,
      }),
    );
  }
  for (const page of pages) {
    logger.info("page", {
      batch_id: document.batchId,
      document_id: document.id,
      page: page.pageNumber,
      status: page.error ? "failed" : "completed",
      source: page.source,
      error: page.error?.message,
    });
  }
  return { saved: true, keptEdits };
}

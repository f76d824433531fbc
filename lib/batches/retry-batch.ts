import type { z } from "zod";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import type { BatchOwner } from "./batch-owner";
import { getBatchOrThrow } from "./get-batch-or-throw";
import { modelForMode, type ProcessingMode } from "./processing-mode";
import { queueDocuments } from "./queue-documents";
import { reserveRetryTokens } from "./reserve-retry-tokens";
import type { RetryResponse } from "./request-schemas";
import { IN_FLIGHT_STATUSES, PERMANENT_FAILURE_CODES, RETRYABLE_STATUSES } from "./statuses";

/**
 * Re-queues the batch's failed and partially completed documents, and those stuck in queued or
 * processing for longer than BATCH_STUCK_AFTER_MINUTES. A document whose file cannot be read
 * (PERMANENT_FAILURE_CODES) is left alone: retrying it would only fail again. Deletes nothing: completed pages stay and
 * are not read again, and edited pages keep their edits.
 */
export async function retryBatch(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  processingMode: ProcessingMode;
  now?: Date;
}): Promise<z.infer<typeof RetryResponse>> {
  const { db, owner, batchId } = options;
  const batch = await getBatchOrThrow({ db, owner, batchId });
  const stuckBefore = new Date((options.now ?? new Date()).getTime() - getConfig().BATCH_STUCK_AFTER_MINUTES * 60_000);
  const model = modelForMode(options.processingMode);
  const where = {
    OR: [
      {
        status: { in: [...RETRYABLE_STATUSES] },
        OR: [{ errorCode: null }, { errorCode: { notIn: [...PERMANENT_FAILURE_CODES] } }],
      },
      { status: { in: [...IN_FLIGHT_STATUSES] }, updatedAt: { lt: stuckBefore } },
    ],
  };
  if (batch.userId)
    await reserveRetryTokens({
      db,
      userId: batch.userId,
      batchId: batch.id,
      where,
      tokensPerPage: model.tokensPerPage,
    });
  await db.batch.update({ where: { id: batch.id }, data: { processingMode: options.processingMode, model: model.id } });
  const retried = await queueDocuments({ db, batchId: batch.id, where });
  const editedPagesKept =
    retried.length === 0 ? 0 : await db.page.count({ where: { documentId: { in: retried }, editedAt: { not: null } } });
  const status = (await db.batch.findUniqueOrThrow({ where: { id: batch.id }, select: { status: true } })).status;
  const kept = editedPagesKept > 0 ? ` ${editedPagesKept} edited page(s) keep their edited version.` : "";
  return {
    batch_id: batch.id,
    status,
    retried_documents: retried,
    retried_count: retried.length,
    processing_mode: options.processingMode,
    edited_pages_kept: editedPagesKept,
    message:
      retried.length === 0
        ? "Nothing to retry: no failed, partially completed or stuck document that a retry could change."
        : `Retrying ${retried.length} document(s); completed pages are kept.${kept}`,
  };
}

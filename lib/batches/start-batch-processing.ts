import type { z } from "zod";
import type { Db } from "@/lib/db";
import type { BatchOwner } from "./batch-owner";
import { getBatchOrThrow } from "./get-batch-or-throw";
import { modelForMode, type ProcessingMode } from "./processing-mode";
import { queueDocuments } from "./queue-documents";
import type { ProcessBatchResponse } from "./request-schemas";

/**
 * POST /api/batch/{id}/process: starts a batch uploaded with skip_processing (its documents in
 * status uploaded). Calling it again starts nothing twice; documents already processed are left alone.
 */
export async function startBatchProcessing(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  processingMode?: ProcessingMode;
  ametSessionId?: string;
}): Promise<z.infer<typeof ProcessBatchResponse>> {
  const { db, owner, batchId } = options;
  const batch = await getBatchOrThrow({ db, owner, batchId });
  const mode = options.processingMode ?? (batch.processingMode as ProcessingMode);
  if (mode !== batch.processingMode)
    await db.batch.update({ where: { id: batch.id }, data: { processingMode: mode, model: modelForMode(mode).id } });
  const queued = await queueDocuments({ db, batchId: batch.id, where: { status: "uploaded" } });
  const status = (await db.batch.findUniqueOrThrow({ where: { id: batch.id }, select: { status: true } })).status;
  return {
    batch_id: batch.id,
    status,
    queued_documents: queued,
    processing_mode: mode,
    amet_session_id: options.ametSessionId ?? null,
    message:
      queued.length > 0
        ? `Processing ${queued.length} document(s) in the background.`
        : "Nothing to start: every document is already processing or processed (use retry for failed ones).",
  };
}

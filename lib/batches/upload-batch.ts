import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { inspectDocument } from "@/lib/documents/inspect-document";
import type { FormatInfo } from "@/lib/documents/formats";
import { batchPrefix, originalKey, type BlobStore } from "@/lib/storage";
import { assertTokensAvailable } from "@/lib/usage/assert-tokens-available";
import { reserveTokens } from "@/lib/usage/reserve-tokens";
import type { BatchOwner } from "./batch-owner";
import { assertFileCount, assertFileSize, assertPageTotal, uploadLimitsFor } from "./check-upload-limits";
import { reserveGuestAllowance } from "./reserve-guest-allowance";
import { modelForMode, type ProcessingMode } from "./processing-mode";
import { queueDocuments } from "./queue-documents";
import { toBatchUploadResponse, type BatchUploadResponseBody } from "./to-batch-upload-response";

export interface UploadBatchInput {
  owner: BatchOwner;
  /** The user's tier (limits); ignored for guests. */
  tier?: string;
  files: File[];
  batchName?: string;
  skipProcessing?: boolean;
  processingMode?: ProcessingMode;
}

interface InspectedFile {
  file: File;
  documentId: string;
  type: FormatInfo;
  pageCount: number | null;
}

/**
 * Creates a batch from uploaded files. Everything that can refuse the upload runs before anything is
 * stored: file count and size, type (from the bytes) and page count, the tier's or guest's page
 * limit, the token balance. Then the originals are stored and the rows created in one transaction that
 * reserves the user's tokens (or the guest's files and pages) under a row lock, so concurrent uploads
 * cannot together overspend; if anything fails, the stored files are deleted again, so no half batch
 * remains. Processing starts unless skipped.
 */
export async function uploadBatch(db: Db, store: BlobStore, input: UploadBatchInput): Promise<BatchUploadResponseBody> {
  const { owner, files } = input;
  const limits = await uploadLimitsFor(db, owner, input.tier);
  assertFileCount(limits, files.length);
  for (const file of files) assertFileSize(owner, limits, file);

  const inspected: InspectedFile[] = [];
  for (const file of files) {
    // One copy of the bytes at a time: inspected here, streamed from the File again when stored.
    const { type, pageCount } = await inspectDocument(Buffer.from(await file.arrayBuffer()), { fileName: file.name });
    inspected.push({ file, documentId: randomUUID(), type, pageCount });
  }
  // A format whose pages only a conversion can count is counted as one page here; the reader's
  // own limit (maxPages) still applies when it is read.
  const knownPages = inspected.reduce((sum, entry) => sum + (entry.pageCount ?? 1), 0);
  assertPageTotal(owner, limits, knownPages);
  const mode = input.processingMode ?? "normal";
  const model = modelForMode(mode);
  // Refuses early, before anything is stored; the reservation below is what counts.
  if ("userId" in owner) await assertTokensAvailable(db, owner.userId, knownPages * model.tokensPerPage);

  const batchId = randomUUID();
  const uploadedAt = Date.now();
  try {
    for (const entry of inspected) {
      await store.put(
        originalKey(batchId, entry.documentId, entry.type.extensions[0]),
        entry.file.stream(),
        entry.type.mime,
      );
    }
    await db.$transaction(async (tx) => {
      if ("userId" in owner)
        await reserveTokens(tx, { userId: owner.userId, tokens: knownPages * model.tokensPerPage });
      else
        await reserveGuestAllowance(tx, {
          guestSessionId: owner.guestSessionId,
          files: inspected.length,
          pages: knownPages,
        });
      await tx.batch.create({
        data: {
          id: batchId,
          ...("userId" in owner ? { userId: owner.userId } : { guestSessionId: owner.guestSessionId }),
          name: input.batchName?.trim() || null,
          status: "uploaded",
          processingMode: mode,
          model: model.id,
          documents: {
            create: inspected.map((entry, index) => ({
              id: entry.documentId,
              // Distinct timestamps keep the upload order when documents are listed by createdAt.
              createdAt: new Date(uploadedAt + index),
              fileName: entry.file.name || `document.${entry.type.extensions[0]}`,
              contentType: entry.type.mime,
              detectedType: entry.type.id,
              sizeBytes: entry.file.size,
              storageKey: originalKey(batchId, entry.documentId, entry.type.extensions[0]),
              pagesTotal: entry.pageCount,
              tokensReserved: "userId" in owner ? (entry.pageCount ?? 1) * model.tokensPerPage : 0,
            })),
          },
        },
      });
    });
  } catch (error) {
    await store.deletePrefix(batchPrefix(batchId));
    throw error;
  }

  if (!input.skipProcessing) await queueDocuments(db, { batchId, where: { status: "uploaded" } });
  const batch = await db.batch.findUniqueOrThrow({
    where: { id: batchId },
    include: { documents: { orderBy: { createdAt: "asc" } } },
  });
  return toBatchUploadResponse(batch);
}

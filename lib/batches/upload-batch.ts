import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { batchPrefix, originalKey, type BlobStore } from "@/lib/storage";
import { assertTokensAvailable } from "@/lib/usage/assert-tokens-available";
import { reserveTokens } from "@/lib/usage/reserve-tokens";
import type { BatchOwner } from "./batch-owner";
import { assertFileCount, assertPageTotal } from "@/lib/upload-limits/upload-limits";
import { batchUploadLimits } from "./batch-upload-limits";
import { inspectUploadFiles, type RejectedFile } from "./inspect-upload-files";
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

/**
 * Creates a batch from uploaded files. Everything that can refuse the upload runs before anything is
 * stored: file count, then each file on its own (size, type from the bytes, page count), then the
 * accepted files together (the tier's or guest's page limit, the token balance). A file refused on its
 * own is left out and listed in `rejected` with its reason; when no file is left, the upload is refused. Then the originals are stored and the rows created in one transaction that
 * reserves the user's tokens (or the guest's files and pages) under a row lock, so concurrent uploads
 * cannot together overspend; if anything fails, the stored files are deleted again, so no half batch
 * remains. Processing starts unless skipped.
 */
export async function uploadBatch(
  input: UploadBatchInput & { db: Db; store: BlobStore },
): Promise<BatchUploadResponseBody> {
  const { db, store } = input;
  const { owner, files } = input;
  const limits = await batchUploadLimits({ db, owner, tier: input.tier });
  assertFileCount(limits, files.length);
  const inspection = await inspectUploadFiles({ limits, files });
  const inspected = inspection.accepted;
  if (inspected.length === 0 && inspection.firstRefusal)
    throw refusalOfEveryFile(inspection.firstRefusal, inspection.rejected);
  // A format whose pages only a conversion can count is counted as one page here; the reader's
  // own limit (maxPages) still applies when it is read.
  const knownPages = inspected.reduce((sum, entry) => sum + (entry.pageCount ?? 1), 0);
  assertPageTotal(limits, knownPages);
  const mode = input.processingMode ?? "normal";
  const model = modelForMode(mode);
  // Refuses early, before anything is stored; the reservation below is what counts.
  if ("userId" in owner)
    await assertTokensAvailable({ db, userId: owner.userId, tokensNeeded: knownPages * model.tokensPerPage });

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
        await reserveTokens({ db: tx, userId: owner.userId, tokens: knownPages * model.tokensPerPage });
      else
        await reserveGuestAllowance({
          tx,
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
          rejectedFiles: inspection.rejected,
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

  if (!input.skipProcessing) await queueDocuments({ db, batchId, where: { status: "uploaded" } });
  const batch = await db.batch.findUniqueOrThrow({
    where: { id: batchId },
    include: { documents: { orderBy: { createdAt: "asc" } } },
  });
  return toBatchUploadResponse(batch, inspection.rejected);
}

/** Nothing was accepted: the one file's own refusal, or the first one's status with every file's reason. */
function refusalOfEveryFile(firstRefusal: AppError, rejected: RejectedFile[]): AppError {
  if (rejected.length === 1) return firstRefusal;
  const reasons = rejected.map((file) => `${file.file_name}: ${file.message.replace(/\.$/, "")}`).join("; ");
  return new AppError(firstRefusal.code, `None of the ${rejected.length} files could be accepted. ${reasons}.`);
}

import type { Db } from "@/lib/db";
import type { BatchUploadResponseBody } from "@/lib/batches/to-batch-upload-response";
import { invalidateBatchStatus } from "@/lib/batches/status-cache";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { userUploadLimits } from "@/lib/upload-limits/upload-limits";
import { getFreshAccessToken } from "@/lib/cloud/get-fresh-access-token";
import { downloadDriveFile, getDriveFile } from "./drive-api";
import { getDriveConnection } from "./get-drive-connection";
import { isSupportedDriveFile } from "./list-drive-files";

type Refusal = BatchUploadResponseBody["rejected"][number];

/**
 * Imports files of the user's connected drive as one batch: each file is looked up and downloaded
 * (Docs and Sheets exported), then uploaded as the upload page would. A file that cannot be had (gone,
 * a folder, an unsupported type, over the plan's size) is listed in `rejected` with its reason and the
 * others are imported; when none can be, nothing is stored and the first reason is the answer.
 */
export async function importDriveFiles(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  connectionId?: string;
  fileIds: string[];
  batchName?: string;
}): Promise<BatchUploadResponseBody> {
  const { db, userId } = options;
  const connection = await getDriveConnection(options);
  const accessToken = await getFreshAccessToken({ db, connectionId: connection.id });
  const limits = userUploadLimits(options.tier);
  if (options.fileIds.length > limits.maxFiles)
    throw new AppError("validation_error", `Your plan takes ${limits.maxFiles} files per batch.`);

  const downloaded: File[] = [];
  // Where each downloaded file was in the person's choice, so refusals name the right position.
  const positions: number[] = [];
  const refused: Refusal[] = [];
  for (const [position, fileId] of options.fileIds.entries()) {
    try {
      const file = await getDriveFile(accessToken, fileId);
      if (!isSupportedDriveFile(file))
        throw new AppError(
          "unsupported_format",
          `${file.name} is ${file.isFolder ? "a folder" : "not a format docsvc reads"}.`,
        );
      if (file.size !== null && file.size > limits.maxFileSizeBytes)
        throw new AppError(
          "file_too_large",
          `${file.name} is larger than your plan's ${limits.maxFileSizeBytes} bytes per file.`,
        );
      downloaded.push(await downloadDriveFile({ accessToken, file, maxBytes: limits.maxFileSizeBytes }));
      positions.push(position);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500 || error.status === 409) throw error;
      refused.push({ file_index: position, file_name: fileId, code: error.code, message: error.message });
    }
  }
  if (downloaded.length === 0) {
    const first = refused[0];
    throw first
      ? new AppError(first.code as AppError["code"], first.message)
      : new AppError("validation_error", "Choose files to import.");
  }
  const batch = await uploadBatch({
    db,
    store: options.store,
    owner: { userId },
    tier: options.tier,
    files: downloaded,
    batchName: options.batchName,
  });
  const rejected: Refusal[] = [
    ...batch.rejected.map((entry) => ({ ...entry, file_index: positions[entry.file_index] ?? entry.file_index })),
    ...refused,
  ].sort((a, b) => a.file_index - b.file_index);
  // The batch lists every refusal by its place in the person's choice, not only those of the files downloaded.
  if (refused.length > 0) {
    await db.batch.update({ where: { id: batch.batch_id }, data: { rejectedFiles: rejected } });
    invalidateBatchStatus(batch.batch_id);
  }
  return { ...batch, rejected };
}

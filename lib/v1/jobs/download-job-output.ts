import type { FileAnswer } from "@/lib/contracts/file-answer";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { getJobOrThrow } from "./get-job-or-throw";

/**
 * The file a job produced, to download: 404 when the job has none (an extract job, or one
 * still processing), 410 once expires_at (7 days after creation) has passed or the file was deleted.
 */
export async function downloadJobOutput({
  db,
  store,
  userId,
  jobId,
  now = new Date(),
}: {
  db: Db;
  store: BlobStore;
  userId: string;
  jobId: string;
  now?: Date;
}): Promise<FileAnswer> {
  const job = await getJobOrThrow({ db, userId, jobId });
  // outputName outlives the file: deleteExpiredJobOutputs clears only the storage key.
  const producedFile = job.outputKey !== null || job.outputName !== null;
  if (producedFile && job.expiresAt && job.expiresAt <= now)
    throw new AppError("gone", `The file of job ${jobId} expired at ${job.expiresAt.toISOString()}`);
  if (!job.outputKey) {
    throw new AppError(
      "not_found",
      job.status === "processing"
        ? `Job ${jobId} is still processing; download when it has completed`
        : `Job ${jobId} produced no file`,
    );
  }
  const blob = await store.get(job.outputKey);
  if (!blob) throw new AppError("gone", `The file of job ${jobId} is no longer available`);
  const fileName = job.outputName ?? job.outputKey.split("/").at(-1) ?? "download";
  return { body: blob.stream, contentType: job.outputType ?? blob.contentType, size: blob.size, fileName };
}

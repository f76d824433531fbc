import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { batchPrefix, jobPrefix, type BlobStore } from "@/lib/storage";
import { verifyPassword } from "./password";

/**
 * Deletes the account irreversibly: its stored files first (batches, job outputs, library files),
 * then the user row, whose foreign keys cascade to batches, pages, jobs, keys, connections, usage,
 * sessions and codes. Requires the password, or the account's email for identity-provider-only
 * accounts. Blobs go first so a failure leaves an account that can retry, never orphaned files.
 */
export async function deleteAccount(input: {
  db: Db;
  store: BlobStore;
  userId: string;
  password?: string;
  confirmEmail?: string;
}): Promise<void> {
  const { db, store } = input;
  const user = await db.user.findUniqueOrThrow({ where: { id: input.userId }, omit: { passwordHash: false } });
  if (user.passwordHash) {
    if (input.password === undefined || !(await verifyPassword(input.password, user.passwordHash))) {
      throw new AppError("unauthorized", "Password is incorrect");
    }
  } else if (input.confirmEmail?.trim().toLowerCase() !== user.email) {
    throw new AppError("bad_request", "Confirm by sending confirm_email with your account's email address");
  }

  const [batches, jobs, libraryFiles] = await Promise.all([
    db.batch.findMany({ where: { userId: user.id }, select: { id: true } }),
    db.job.findMany({ where: { userId: user.id }, select: { id: true } }),
    db.libraryFile.findMany({ where: { userId: user.id }, select: { storageKey: true } }),
  ]);
  for (const batch of batches) await store.deletePrefix(batchPrefix(batch.id));
  for (const job of jobs) await store.deletePrefix(jobPrefix(job.id));
  for (const file of libraryFiles) await store.delete(file.storageKey);

  await db.user.delete({ where: { id: user.id } });
}

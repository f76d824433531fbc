import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/batches/get-batch-or-throw";
import type { LibraryFile } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";

/** The user's library file; 404 when missing, someone else's, or the id is not a UUID. */
export async function getLibraryFileOrThrow(options: { db: Db; userId: string; fileId: string }): Promise<LibraryFile> {
  const { db } = options;
  const file = isUuid(options.fileId)
    ? await db.libraryFile.findFirst({ where: { id: options.fileId, userId: options.userId } })
    : null;
  if (!file) throw new AppError("not_found", `Library file ${options.fileId} not found`);
  return file;
}

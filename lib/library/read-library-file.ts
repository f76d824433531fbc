import type { Db } from "@/lib/db";
import type { LibraryFile } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { getLibraryFileOrThrow } from "./get-library-file-or-throw";

/** A library file's row and bytes (for fill templates and send-to-parsing); 404 for another user's. */
export async function readLibraryFile(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  fileId: string;
}): Promise<{ file: LibraryFile; bytes: Buffer }> {
  const { store } = options;
  const file = await getLibraryFileOrThrow(options);
  const bytes = await store.getBuffer(file.storageKey);
  if (!bytes) throw new AppError("gone", `The stored copy of library file ${file.id} is missing`);
  return { file, bytes };
}

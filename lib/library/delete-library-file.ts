import type { Db } from "@/lib/db";
import type { BlobStore } from "@/lib/storage";
import { getLibraryFileOrThrow } from "./get-library-file-or-throw";

/** Deletes the user's library file: row first (so it disappears at once), then the blob. */
export async function deleteLibraryFile(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  fileId: string;
}): Promise<{ id: string; deleted: true; message: string }> {
  const { db, store } = options;
  const file = await getLibraryFileOrThrow(options);
  await db.libraryFile.delete({ where: { id: file.id } });
  await store.delete(file.storageKey);
  return { id: file.id, deleted: true, message: `Deleted ${file.fileName}` };
}

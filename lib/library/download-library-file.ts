import type { FileAnswer } from "@/lib/contracts/file-answer";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { getLibraryFileOrThrow } from "./get-library-file-or-throw";

/** A library file to download; 404 for another user's file, 410 when its stored copy is missing. */
export async function downloadLibraryFile(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  fileId: string;
}): Promise<FileAnswer> {
  const { store } = options;
  const file = await getLibraryFileOrThrow(options);
  const blob = await store.get(file.storageKey);
  if (!blob) throw new AppError("gone", `The stored copy of library file ${file.id} is missing`);
  return {
    body: blob.stream,
    contentType: file.contentType,
    size: blob.size,
    fileName: file.fileName,
    cacheControl: "private, no-store",
  };
}

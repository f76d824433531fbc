import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { attachmentDisposition } from "./attachment-disposition";
import { getLibraryFileOrThrow } from "./get-library-file-or-throw";

/** Streams a library file back as an attachment; 404 for another user's file. */
export async function downloadLibraryFile(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  fileId: string;
}): Promise<Response> {
  const { store } = options;
  const file = await getLibraryFileOrThrow(options);
  const blob = await store.get(file.storageKey);
  if (!blob) throw new AppError("gone", `The stored copy of library file ${file.id} is missing`);
  return new Response(blob.stream, {
    headers: {
      "content-type": file.contentType,
      "content-length": String(blob.size),
      "content-disposition": attachmentDisposition(file.fileName),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}

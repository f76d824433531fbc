import type { Db } from "@/lib/db";
import { getOwnedDocumentOrThrow } from "@/lib/batches/get-batch-or-throw";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import type { DocumentFile } from "./update-web-form";

/**
 * Reads one of the user's documents as it was uploaded, for a file input; 404 for anyone else's.
 * Without a signed-in user (the web operations are open to anonymous callers) no document is attached.
 */
export function documentFileLoader(options: {
  db: Db;
  store: BlobStore;
  userId: string | undefined;
}): (documentId: string) => Promise<DocumentFile> {
  const { db, store, userId } = options;
  return async (documentId) => {
    if (!userId) throw new AppError("unauthorized", "Sign in to attach one of your documents to a file input");
    const document = await getOwnedDocumentOrThrow({ db, owner: { userId }, documentId });
    const buffer = await store.getBuffer(document.storageKey);
    if (!buffer) throw new AppError("not_found", `The file of document ${documentId} is no longer stored`);
    return { name: document.fileName, mimeType: document.contentType, buffer };
  };
}

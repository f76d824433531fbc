import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { libraryFileKey } from "./library-key";
import { libraryFileKind } from "./library-file-kind";
import { LIBRARY_MAX_BYTES } from "./library-upload-rules";
import type { LibraryFileKind, LibraryFileResponseBody } from "./schemas";
import { toLibraryFileResponse } from "./to-library-file-response";

export { LIBRARY_MAX_BYTES };

export interface SaveLibraryFileOptions {
  userId: string;
  fileName: string;
  contentType: string;
  bytes: Buffer | Uint8Array;
  /** Who saved it (upload, chat, export, …); shown in the library. */
  source?: string;
  description?: string;
  /** Defaults to template for spreadsheets and CSV, document otherwise. */
  kind?: LibraryFileKind;
  /** Extra facts kept with the file (chat session id, …). */
  metadata?: Record<string, string | number | boolean | null>;
}

/** Stores a file in the user's library: blob first, then the row; the blob is removed if the row fails. */
export async function saveLibraryFile(
  options: SaveLibraryFileOptions & { db: Db; store: BlobStore },
): Promise<LibraryFileResponseBody> {
  const { db, store } = options;
  const fileName = cleanFileName(options.fileName);
  if (options.bytes.byteLength === 0) throw new AppError("empty_document", "The file is empty");
  if (options.bytes.byteLength > LIBRARY_MAX_BYTES)
    throw new AppError("file_too_large", `Library files are limited to ${LIBRARY_MAX_BYTES / 1024 / 1024} MB`);
  const id = randomUUID();
  const storageKey = libraryFileKey(options.userId, id);
  const contentType = options.contentType || "application/octet-stream";
  await store.put(storageKey, Buffer.from(options.bytes), contentType);
  try {
    const row = await db.libraryFile.create({
      data: {
        id,
        userId: options.userId,
        kind: options.kind ?? libraryFileKind(fileName, contentType),
        fileName,
        contentType,
        sizeBytes: options.bytes.byteLength,
        storageKey,
        metadata: {
          ...options.metadata,
          source: options.source ?? "upload",
          ...(options.description ? { description: options.description } : {}),
        },
      },
    });
    return toLibraryFileResponse(row);
  } catch (error) {
    await store.delete(storageKey);
    throw error;
  }
}

// The name is shown and sent back in Content-Disposition; path parts and control characters are dropped.
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? "";
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  if (!cleaned || cleaned === "." || cleaned === "..")
    throw new AppError("validation_error", "file_name must name a file", {
      issues: [{ loc: ["body", "file_name"], msg: "Must name a file", type: "value_error" }],
    });
  return cleaned;
}

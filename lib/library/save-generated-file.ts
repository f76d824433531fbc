import type { Db } from "@/lib/db";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { readLibraryFile } from "./read-library-file";
import { saveLibraryFile } from "./save-library-file";
import { libraryContentTypeFor } from "./library-upload-rules";
import type { SaveGeneratedFileInput } from "./save-generated-file-schemas";

/** POST /api/batch/save-generated-file: keep a generated file in the library, or read it as a new batch. */
export async function saveGeneratedFile(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  request: SaveGeneratedFileInput;
}) {
  const { db, store } = options;
  const { request } = options;
  if (request.action === "send_to_parsing" && request.library_file_id) {
    const { file, bytes } = await readLibraryFile({
      db,
      store,
      userId: options.userId,
      fileId: request.library_file_id,
    });
    return sendToParsing({ ...options, fileName: file.fileName, contentType: file.contentType, bytes });
  }
  if (request.library_file_id)
    throw invalid("library_file_id", "library_file_id is only used with action send_to_parsing");
  if (!request.file_name) throw invalid("file_name", "Give the file's name");
  const bytes = decodeContent(request);
  const contentType = request.content_type || libraryContentTypeFor(request.file_name);

  if (request.action === "save_to_library") {
    const file = await saveLibraryFile({
      db,
      store,
      userId: options.userId,
      fileName: request.file_name,
      contentType,
      bytes,
      source: request.source,
      description: request.description,
    });
    return {
      action: "save_to_library" as const,
      message: `Saved ${file.file_name} to your library as a ${file.kind}`,
      file,
    };
  }
  return sendToParsing({ ...options, fileName: request.file_name, contentType, bytes });
}

async function sendToParsing(options: {
  db: Db;
  store: BlobStore;
  userId: string;
  tier: string;
  request: SaveGeneratedFileInput;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}) {
  const { db, store } = options;
  const file = new File([new Uint8Array(options.bytes)], options.fileName, { type: options.contentType });
  const upload = await uploadBatch({
    db,
    store,
    owner: { userId: options.userId },
    tier: options.tier,
    files: [file],
    batchName: options.request.batch_name ?? options.fileName,
  });
  return { action: "send_to_parsing" as const, ...upload };
}

function decodeContent(request: SaveGeneratedFileInput): Buffer {
  if (request.content_base64 !== undefined && request.content !== undefined)
    throw invalid("content", "Give content or content_base64, not both");
  if (request.content !== undefined) return Buffer.from(request.content, "utf8");
  if (request.content_base64 === undefined)
    throw invalid("content_base64", "Give the file's content (content_base64, or content for text)");
  const base64 = request.content_base64.replace(/^data:[^,]*;base64,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(base64)) throw invalid("content_base64", "content_base64 is not valid base64");
  return Buffer.from(base64, "base64");
}

function invalid(field: string, message: string): AppError {
  return new AppError("validation_error", message, {
    issues: [{ loc: ["body", field], msg: message, type: "value_error" }],
  });
}

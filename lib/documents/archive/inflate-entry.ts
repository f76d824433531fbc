import { createInflateRaw } from "node:zlib";
import { DocumentError } from "@/lib/errors/document-error";
import { entryData, type ZipEntry } from "./zip-directory";

/** Thrown by inflateEntry when an entry inflates past its byte budget; the caller words the refusal. */
export class InflateLimitError extends Error {
  readonly entryName: string;

  constructor(entryName: string) {
    super(`${entryName} inflates past its limit`);
    this.entryName = entryName;
  }
}

function isZlibError(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" && code.startsWith("Z_");
}

/**
 * Inflates one entry chunk by chunk, handing each chunk to `onChunk` and stopping as soon as the
 * real (not declared) size passes `maxBytes`, so a bomb never occupies more than one chunk.
 * Returns the entry's real size.
 */
export async function inflateEntry(
  archive: Buffer,
  entry: ZipEntry,
  options: { maxBytes: number; onChunk?: (chunk: Buffer) => void },
): Promise<number> {
  if (entry.encrypted)
    throw new DocumentError(
      "corrupt_document",
      `The archive entry ${entry.name} is encrypted; encrypted archives are not supported`,
    );
  const data = entryData(archive, entry);
  if (entry.method === 0) {
    if (data.length > options.maxBytes) throw new InflateLimitError(entry.name);
    options.onChunk?.(data);
    return data.length;
  }
  if (entry.method !== 8)
    throw new DocumentError(
      "corrupt_document",
      `The archive entry ${entry.name} uses an unsupported compression method (${entry.method})`,
    );

  const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
  inflater.end(data);
  let size = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) throw new InflateLimitError(entry.name);
      options.onChunk?.(chunk);
    }
  } catch (error) {
    if (isZlibError(error))
      throw new DocumentError("corrupt_document", `The archive entry ${entry.name} is damaged and cannot be unpacked`, {
        cause: error,
      });
    throw error;
  } finally {
    inflater.destroy();
  }
  return size;
}

/** A small entry's text (a content-type list, a mimetype), refused when it inflates past `maxBytes`. */
export async function readEntryText(archive: Buffer, entry: ZipEntry, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  try {
    await inflateEntry(archive, entry, { maxBytes, onChunk: (chunk) => chunks.push(Buffer.from(chunk)) });
  } catch (error) {
    if (error instanceof InflateLimitError)
      throw new DocumentError(
        "document_too_large",
        `The archive entry ${entry.name} is larger than such an entry can be`,
      );
    throw error;
  }
  return Buffer.concat(chunks).toString("utf8");
}

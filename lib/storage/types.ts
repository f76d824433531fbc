import type { Readable } from "node:stream";

/** What a blob can be written from: bytes in memory, a web stream or a Node stream. */
export type BlobBody = Buffer | Uint8Array | ReadableStream<Uint8Array> | Readable;

export interface StoredBlob {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  size: number;
}

export interface BlobListEntry {
  key: string;
  size: number;
  uploadedAt: Date;
}

/** One interface over local disk and Vercel Blob; keys are validated by every driver. */
export interface BlobStore {
  put(key: string, body: BlobBody, contentType: string): Promise<void>;
  /** A streaming read, or null when the key does not exist. */
  get(key: string): Promise<StoredBlob | null>;
  /** The whole blob in memory, or null when the key does not exist. */
  getBuffer(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix` (which must be non-empty). */
  deletePrefix(prefix: string): Promise<void>;
  list(prefix: string): Promise<BlobListEntry[]>;
}

export type StorageKind = "local" | "vercel-blob";

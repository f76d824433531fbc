import type { Readable } from "node:stream";

/** What a blob can be written from: bytes in memory, a web stream or a Node stream. */
export type BlobBody = Buffer | Uint8Array | ReadableStream<Uint8Array> | Readable;

export interface StoredBlob {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  /** The whole blob's size, also for a ranged read. */
  size: number;
  /** The bytes the stream holds when a range was asked for (inclusive, clamped to the blob). */
  range?: ByteRange;
}

/** Inclusive byte offsets, as in an HTTP Range header; `end` unset means to the end. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface GetOptions {
  /** Read only these bytes (a page image shown a part at a time, a resumed download). */
  range?: ByteRange;
}

export interface BlobListEntry {
  key: string;
  size: number;
  uploadedAt: Date;
}

/** One interface over local disk, Vercel Blob and S3-compatible stores; keys are validated by every driver. */
export interface BlobStore {
  put(key: string, body: BlobBody, contentType: string): Promise<void>;
  /** A streaming read, or null when the key does not exist. A range past the end reads nothing. */
  get(key: string, options?: GetOptions): Promise<StoredBlob | null>;
  /** The whole blob in memory, or null when the key does not exist. */
  getBuffer(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every blob whose key starts with `prefix` (which must be non-empty). */
  deletePrefix(prefix: string): Promise<void>;
  list(prefix: string): Promise<BlobListEntry[]>;
}

export type StorageKind = "local" | "vercel-blob" | "s3";

import { Readable } from "node:stream";
import { BlobNotFoundError, del, head, list as listBlobs, put as putBlob } from "@vercel/blob";
import { readStreamToBuffer } from "./blob-body";
import { rangeHeader, resolveRange } from "./blob-range";
import type { BlobBody, BlobListEntry, BlobStore, GetOptions, StoredBlob } from "./types";
import { assertValidKey, assertValidPrefix } from "./validate-key";

export interface VercelBlobStoreOptions {
  token: string;
  /** Must match the store's own access mode; documents belong in a private store. */
  access: "private" | "public";
}

// The Blob API accepts up to 1000 URLs per delete call.
const DELETE_BATCH_SIZE = 1000;

/** The SDK takes Buffers but not bare Uint8Arrays; wrap without copying. */
function toPutBody(body: BlobBody): Buffer | Readable | ReadableStream<Uint8Array> {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return body;
}

/**
 * Keys map one-to-one to Blob pathnames (no random suffix, overwrites allowed). The SDK reads the
 * API address from VERCEL_BLOB_API_URL itself; downloads use the URL the API reports, so a
 * stand-in API in tests serves downloads too.
 */
export function createVercelBlobStore({ token, access }: VercelBlobStoreOptions): BlobStore {
  async function headOrNull(key: string) {
    try {
      return await head(key, { token });
    } catch (error) {
      if (error instanceof BlobNotFoundError) return null;
      throw error;
    }
  }

  async function put(key: string, body: BlobBody, contentType: string): Promise<void> {
    assertValidKey(key);
    await putBlob(key, toPutBody(body), {
      access,
      token,
      contentType,
      addRandomSuffix: false,
      allowOverwrite: true,
    });
  }

  async function get(key: string, options: GetOptions = {}): Promise<StoredBlob | null> {
    assertValidKey(key);
    const info = await headOrNull(key);
    if (!info) return null;
    const range = options.range ? resolveRange(options.range, info.size) : undefined;
    const response = await fetch(info.url, {
      headers: {
        ...(access === "private" ? { authorization: `Bearer ${token}` } : {}),
        ...(range ? { range: rangeHeader(range) } : {}),
      },
    });
    // Deleted between the head and the download.
    if (response.status === 404) return null;
    if (!response.ok || !response.body) {
      throw new Error(`Vercel Blob download of ${key} failed: HTTP ${response.status}`);
    }
    // A server that ignores Range answers 200 with everything: the caller must not get more than it asked for.
    if (range && response.status !== 206) {
      await response.body.cancel();
      throw new Error(`Vercel Blob download of ${key} ignored the byte range: HTTP ${response.status}`);
    }
    return {
      stream: response.body,
      contentType: info.contentType || response.headers.get("content-type") || "application/octet-stream",
      size: info.size,
      ...(range ? { range } : {}),
    };
  }

  async function getBuffer(key: string): Promise<Buffer | null> {
    const blob = await get(key);
    return blob ? readStreamToBuffer(blob.stream) : null;
  }

  async function exists(key: string): Promise<boolean> {
    assertValidKey(key);
    return (await headOrNull(key)) !== null;
  }

  async function remove(key: string): Promise<void> {
    assertValidKey(key);
    await del(key, { token });
  }

  async function list(prefix: string): Promise<BlobListEntry[]> {
    assertValidPrefix(prefix);
    const entries: BlobListEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await listBlobs({ prefix, cursor, token });
      for (const blob of page.blobs) {
        entries.push({ key: blob.pathname, size: blob.size, uploadedAt: blob.uploadedAt });
      }
      cursor = page.hasMore ? page.cursor : undefined;
    } while (cursor);
    return entries;
  }

  async function deletePrefix(prefix: string): Promise<void> {
    const keys = (await list(prefix)).map((entry) => entry.key);
    for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
      await del(keys.slice(start, start + DELETE_BATCH_SIZE), { token });
    }
  }

  return { put, get, getBuffer, exists, delete: remove, deletePrefix, list };
}

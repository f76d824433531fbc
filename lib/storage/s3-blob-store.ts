import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3ServiceException,
  type S3Client,
} from "@aws-sdk/client-s3";
import { readStreamToBuffer } from "./blob-body";
import { assertValidRange, BlobRangeError, rangeHeader, resolveRange } from "./blob-range";
import { uploadToS3 } from "./s3-upload";
import type { BlobListEntry, BlobStore, GetOptions, StoredBlob } from "./types";
import { assertValidKey, assertValidPrefix } from "./validate-key";

export interface S3BlobStoreOptions {
  client: S3Client;
  bucket: string;
  /** Bytes per multipart part (at least 5 MiB); bodies up to this size are one PutObject. */
  partSize?: number;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
// DeleteObjects takes up to 1000 keys per call.
const DELETE_BATCH_SIZE = 1000;

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** "bytes 0-99/1234" → 1234. */
function totalFromContentRange(contentRange: string | undefined): number | undefined {
  const total = contentRange?.split("/")[1];
  return total && total !== "*" ? Number(total) : undefined;
}

/**
 * Blobs as objects in one bucket of an S3-compatible store (AWS S3, MinIO, R2, Ceph), keys used as
 * object keys unchanged (validation keeps them to URL-safe characters). Objects appear only when an
 * upload completes, so an interrupted write is never visible under its key.
 */
export function createS3BlobStore({ client, bucket, partSize = DEFAULT_PART_SIZE }: S3BlobStoreOptions): BlobStore {
  async function headOrNull(key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async function get(key: string, options: GetOptions = {}): Promise<StoredBlob | null> {
    assertValidKey(key);
    if (options.range) assertValidRange(options.range);
    let object;
    try {
      object = await client.send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: key,
          ...(options.range ? { Range: rangeHeader(options.range) } : {}),
        }),
      );
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      if (status === 416 && options.range) {
        const info = await headOrNull(key);
        if (!info) return null;
        throw new BlobRangeError(info.ContentLength ?? 0, options.range);
      }
      throw error;
    }
    if (!object.Body) throw new Error(`S3 GetObject of ${key} returned no body`);
    const size = options.range ? totalFromContentRange(object.ContentRange) : object.ContentLength;
    if (size === undefined) throw new Error(`S3 GetObject of ${key} did not report the object's size`);
    return {
      stream: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
      contentType: object.ContentType || "application/octet-stream",
      size,
      ...(options.range ? { range: resolveRange(options.range, size) } : {}),
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
    // S3 answers a delete of a missing key with success, as the interface asks.
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  async function list(prefix: string): Promise<BlobListEntry[]> {
    assertValidPrefix(prefix);
    const entries: BlobListEntry[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (!object.Key) continue;
        entries.push({ key: object.Key, size: object.Size ?? 0, uploadedAt: object.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return entries.sort((a, b) => a.key.localeCompare(b.key));
  }

  async function deletePrefix(prefix: string): Promise<void> {
    const keys = (await list(prefix)).map((entry) => entry.key);
    for (let start = 0; start < keys.length; start += DELETE_BATCH_SIZE) {
      const batch = keys.slice(start, start + DELETE_BATCH_SIZE);
      const result = await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = result.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(
          `S3 could not delete ${failed.length} objects under ${prefix}: ${failed[0].Code} ${failed[0].Message}`,
        );
      }
    }
  }

  return {
    put: async (key, body, contentType) => {
      assertValidKey(key);
      await uploadToS3({ client, bucket, key, contentType, partSize }, body);
    },
    get,
    getBuffer,
    exists,
    delete: remove,
    deletePrefix,
    list,
  };
}

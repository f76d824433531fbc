import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from "@aws-sdk/client-s3";
import { logger } from "@/lib/log/logger";
import { toNodeReadable } from "./blob-body";
import type { BlobBody } from "./types";

/** S3 refuses parts under 5 MiB except the last one. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;

export interface S3UploadTarget {
  client: S3Client;
  bucket: string;
  key: string;
  contentType: string;
  /** Bytes held in memory per part; a body no larger goes up in one PutObject. */
  partSize: number;
}

/**
 * Writes a body of unknown length with at most one part in memory. A body that fits in one part is
 * one PutObject; a larger one is a multipart upload, aborted when the body or a part fails, so a
 * failed upload never leaves an object (S3 publishes an object only when the upload completes).
 */
export async function uploadToS3(target: S3UploadTarget, body: BlobBody): Promise<void> {
  if (target.partSize < MIN_PART_SIZE) throw new RangeError(`S3 part size must be at least ${MIN_PART_SIZE} bytes`);
  const parts = readParts(body, target.partSize);
  const first = await parts.next();
  const firstPart = first.done ? Buffer.alloc(0) : first.value;
  if (firstPart.length < target.partSize) {
    await target.client.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: target.key,
        Body: firstPart,
        ContentLength: firstPart.length,
        ContentType: target.contentType,
      }),
    );
    return;
  }
  await uploadMultipart(target, firstPart, parts);
}

async function uploadMultipart(target: S3UploadTarget, firstPart: Buffer, rest: AsyncGenerator<Buffer>): Promise<void> {
  const { client, bucket, key } = target;
  const created = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: target.contentType }),
  );
  const uploadId = created.UploadId;
  if (!uploadId) throw new Error(`S3 CreateMultipartUpload for ${key} returned no upload id`);
  const completed: CompletedPart[] = [];
  try {
    let part: Buffer | undefined = firstPart;
    while (part) {
      const partNumber = completed.length + 1;
      const uploaded = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: part,
          ContentLength: part.length,
        }),
      );
      completed.push({ PartNumber: partNumber, ETag: uploaded.ETag });
      const next = await rest.next();
      part = next.done ? undefined : next.value;
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: { Parts: completed },
      }),
    );
  } catch (error) {
    await abortUpload(target, uploadId, error);
    throw error;
  }
}

/** Frees the stored parts; if that fails too, the original error still wins and both are reported. */
async function abortUpload(target: S3UploadTarget, uploadId: string, cause: unknown): Promise<void> {
  try {
    await target.client.send(
      new AbortMultipartUploadCommand({ Bucket: target.bucket, Key: target.key, UploadId: uploadId }),
    );
  } catch (abortError) {
    // The bucket's lifecycle rule for incomplete uploads (docs/scaling.md) removes what is left.
    logger.error("s3_abort_failed", {
      key: target.key,
      cause: cause instanceof Error ? cause.message : String(cause),
      error: abortError instanceof Error ? abortError.message : String(abortError),
    });
  }
}

/** The body cut into parts of `partSize` bytes (the last one shorter). */
async function* readParts(body: BlobBody, partSize: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let yielded = false;
  for await (const chunk of toNodeReadable(body)) {
    let bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (pendingBytes + bytes.length >= partSize) {
      const take = partSize - pendingBytes;
      pending.push(bytes.subarray(0, take));
      yield Buffer.concat(pending, partSize);
      yielded = true;
      bytes = bytes.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (bytes.length > 0) {
      pending.push(bytes);
      pendingBytes += bytes.length;
    }
  }
  // An empty body is one empty object; a body of whole parts ends without an empty last part.
  if (pendingBytes > 0 || !yielded) yield Buffer.concat(pending, pendingBytes);
}

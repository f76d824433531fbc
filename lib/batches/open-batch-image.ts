import type { FileAnswer, RangeNotSatisfiable } from "@/lib/contracts/file-answer";
import type { Db } from "@/lib/db";
import { resolveAccessToken } from "@/lib/auth/caller/resolve-caller";
import type { Caller } from "@/lib/contracts/caller";
import { AppError } from "@/lib/errors/app-error";
import { BlobRangeError, type BlobStore, type ByteRange, type StoredBlob } from "@/lib/storage";
import { ownerOf, type BatchOwner } from "./batch-owner";
import { ensurePageImage } from "./ensure-page-image";
import { getBatchOrThrow } from "./get-batch-or-throw";
import { verifyImageToken } from "./image-token";

// Only rendered page images are served here; originals and other files are not images of the viewer.
const PAGE_IMAGE_KEY = /^batches\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/pages\/([1-9]\d{0,5})\.png$/;

/**
 * A stored page image, or the asked part of it (a PDF's text page is rendered and stored when first asked for). Allowed with the image token from the results' image_url (for that
 * batch only), an access token in `token`, or the caller's own credentials (Bearer, API key,
 * session cookie, guest session); 404 for keys outside the caller's batches, as for missing ones.
 */
export async function openBatchImage(options: {
  db: Db;
  store: BlobStore;
  storageKey: string;
  token?: string;
  caller: Caller;
  /** From the request's Range header: a viewer may fetch a large page image in parts. */
  range?: ByteRange;
}): Promise<FileAnswer | RangeNotSatisfiable> {
  const { db, store } = options;
  const match = PAGE_IMAGE_KEY.exec(options.storageKey);
  if (!match) throw new AppError("not_found", "No such image");
  const batchId = match[1];

  const tokenBatch = options.token ? await verifyImageToken({ db, token: options.token }) : null;
  if (tokenBatch !== null) {
    if (tokenBatch !== batchId) throw new AppError("not_found", "No such image");
  } else {
    await getBatchOrThrow({ db, owner: await ownerFor(db, options), batchId });
  }

  const read = () => readImage(store, options.storageKey, options.range);
  let blob = await read();
  if (!blob) {
    const page = { documentId: match[2], pageNumber: Number(match[3]), imageKey: options.storageKey };
    if (await ensurePageImage({ db, store, ...page })) blob = await read();
  }
  if (!blob) throw new AppError("not_found", "No such image");
  if ("unsatisfiable" in blob) return { rangeNotSatisfiable: true, size: blob.size };
  return {
    body: blob.stream,
    contentType: blob.contentType || "image/png",
    size: blob.size,
    ranges: { part: blob.range ? { start: blob.range.start, end: blob.range.end! } : undefined },
    // Private: the URL carries a credential; an hour matches the token's lifetime.
    cacheControl: "private, max-age=3600",
  };
}

async function readImage(
  store: BlobStore,
  key: string,
  range: ByteRange | undefined,
): Promise<StoredBlob | { unsatisfiable: true; size: number } | null> {
  try {
    return await store.get(key, range ? { range } : {});
  } catch (error) {
    if (error instanceof BlobRangeError) return { unsatisfiable: true, size: error.size };
    throw error;
  }
}

async function ownerFor(db: Db, options: { token?: string; caller: Caller }): Promise<BatchOwner> {
  if (options.token) return ownerOf(await resolveAccessToken({ db, token: options.token }));
  if (options.caller.kind === "anonymous") {
    throw new AppError("unauthorized", "Send the image token from the results' image_url, or your access token", {
      headers: { "WWW-Authenticate": "Bearer" },
    });
  }
  return ownerOf(options.caller);
}

import type { Db } from "@/lib/db";
import { resolveAccessToken } from "@/lib/auth/caller/resolve-caller";
import type { Caller } from "@/lib/contracts/caller";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { ownerOf, type BatchOwner } from "./batch-owner";
import { ensurePageImage } from "./ensure-page-image";
import { getBatchOrThrow } from "./get-batch-or-throw";
import { verifyImageToken } from "./image-token";

// Only rendered page images are served here; originals and other files are not images of the viewer.
const PAGE_IMAGE_KEY = /^batches\/([0-9a-f-]{36})\/([0-9a-f-]{36})\/pages\/([1-9]\d{0,5})\.png$/;

/**
 * Streams a stored page image (a PDF's text page is rendered and stored when first asked for). Allowed with the image token from the results' image_url (for that
 * batch only), an access token in `token`, or the caller's own credentials (Bearer, API key,
 * session cookie, guest session); 404 for keys outside the caller's batches, as for missing ones.
 */
export async function openBatchImage(options: {
  db: Db;
  store: BlobStore;
  storageKey: string;
  token?: string;
  caller: Caller;
}): Promise<Response> {
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

  let blob = await store.get(options.storageKey);
  if (!blob) {
    const page = { documentId: match[2], pageNumber: Number(match[3]), imageKey: options.storageKey };
    if (await ensurePageImage({ db, store, ...page })) blob = await store.get(options.storageKey);
  }
  if (!blob) throw new AppError("not_found", "No such image");
  return new Response(blob.stream, {
    headers: {
      "content-type": blob.contentType || "image/png",
      "content-length": String(blob.size),
      // Private: the URL carries a credential; an hour matches the token's lifetime.
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
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

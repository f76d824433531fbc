import path from "node:path";
import { getConfig } from "@/lib/config";
import { createLocalBlobStore } from "./local-blob-store";
import type { BlobStore, StorageKind } from "./types";
import { createVercelBlobStore } from "./vercel-blob-store";

let store: BlobStore | undefined;

/** Vercel Blob when BLOB_READ_WRITE_TOKEN is set, local disk under DATA_DIR/blobs otherwise. */
export function getStorageKind(): StorageKind {
  return getConfig().BLOB_READ_WRITE_TOKEN ? "vercel-blob" : "local";
}

/** The process-wide blob store for the configured driver. */
export function getBlobStore(): BlobStore {
  if (store) return store;
  const config = getConfig();
  store = config.BLOB_READ_WRITE_TOKEN
    ? createVercelBlobStore({ token: config.BLOB_READ_WRITE_TOKEN, access: config.BLOB_ACCESS })
    : createLocalBlobStore(path.resolve(config.DATA_DIR, "blobs"));
  return store;
}

/** Forget the store (tests change the configuration between cases). */
export function resetBlobStoreForTests(): void {
  store = undefined;
}

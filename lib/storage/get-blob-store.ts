import path from "node:path";
import { getConfig } from "@/lib/config";
import { createLocalBlobStore } from "./local-blob-store";
import { createS3BlobStore } from "./s3-blob-store";
import { createS3Client } from "./s3-client";
import type { BlobStore, StorageKind } from "./types";
import { createVercelBlobStore } from "./vercel-blob-store";

let store: BlobStore | undefined;

/** S3 when S3_BUCKET is set, else Vercel Blob when BLOB_READ_WRITE_TOKEN is set, else local disk under DATA_DIR/blobs. */
export function getStorageKind(): StorageKind {
  const config = getConfig();
  if (config.S3_BUCKET) return "s3";
  return config.BLOB_READ_WRITE_TOKEN ? "vercel-blob" : "local";
}

/** The process-wide blob store for the configured driver. */
export function getBlobStore(): BlobStore {
  if (store) return store;
  const config = getConfig();
  switch (getStorageKind()) {
    case "s3":
      store = createS3BlobStore({ client: createS3Client(config), bucket: config.S3_BUCKET! });
      break;
    case "vercel-blob":
      store = createVercelBlobStore({ token: config.BLOB_READ_WRITE_TOKEN!, access: config.BLOB_ACCESS });
      break;
    case "local":
      store = createLocalBlobStore(path.resolve(config.DATA_DIR, "blobs"));
  }
  return store;
}

/** Tests only: getBlobStore() answers `blobStore` (undefined: builds it from the configuration again). */
export function setBlobStoreForTests(blobStore: BlobStore | undefined): void {
  store = blobStore;
}

/** Forget the store (tests change the configuration between cases). */
export function resetBlobStoreForTests(): void {
  store = undefined;
}

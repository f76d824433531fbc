export { checkStorage, type StorageHealth } from "./check-storage";
export { getBlobStore, getStorageKind, resetBlobStoreForTests } from "./get-blob-store";
export * from "./keys";
export { createLocalBlobStore } from "./local-blob-store";
export { StorageKeyError } from "./storage-key-error";
export type { BlobBody, BlobListEntry, BlobStore, StorageKind, StoredBlob } from "./types";
export { assertValidKey, assertValidPrefix } from "./validate-key";
export { createVercelBlobStore } from "./vercel-blob-store";

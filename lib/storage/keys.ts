import { StorageKeyError } from "./storage-key-error";
import { assertValidKey } from "./validate-key";

// Ids and extensions end up as path segments, so they are checked here rather than trusted.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const EXTENSION_PATTERN = /^[A-Za-z0-9]{1,10}$/;

function checkId(kind: string, id: string): string {
  if (!ID_PATTERN.test(id)) throw new StorageKeyError(id, `${kind} must be letters, digits, '_' or '-'`);
  return id;
}

/** `batches/{batchId}/` — everything stored for one batch. */
export function batchPrefix(batchId: string): string {
  return `batches/${checkId("batch id", batchId)}/`;
}

/** `batches/{batchId}/{documentId}/` — everything stored for one document. */
export function documentPrefix(batchId: string, documentId: string): string {
  return `${batchPrefix(batchId)}${checkId("document id", documentId)}/`;
}

/** `batches/{batchId}/{documentId}/original.{ext}` — the uploaded file as received. */
export function originalKey(batchId: string, documentId: string, ext: string): string {
  const extension = ext.replace(/^\./, "").toLowerCase();
  if (!EXTENSION_PATTERN.test(extension))
    throw new StorageKeyError(ext, "file extension must be 1-10 letters or digits");
  return `${documentPrefix(batchId, documentId)}original.${extension}`;
}

/** `batches/{batchId}/{documentId}/pages/{n}.png` — page n (1-based) rendered as an image. */
export function pageImageKey(batchId: string, documentId: string, pageNumber: number): string {
  if (!Number.isInteger(pageNumber) || pageNumber < 1) {
    throw new StorageKeyError(String(pageNumber), "page number must be a positive integer");
  }
  return `${documentPrefix(batchId, documentId)}pages/${pageNumber}.png`;
}

/** `jobs/{jobId}/` — every output of one /v1 job. */
export function jobPrefix(jobId: string): string {
  return `jobs/${checkId("job id", jobId)}/`;
}

/** `jobs/{jobId}/{fileName}` — one output file of a /v1 job (a filled PDF, an export…). */
export function jobOutputKey(jobId: string, fileName: string): string {
  const key = `${jobPrefix(jobId)}${fileName}`;
  assertValidKey(key);
  if (fileName.includes("/")) throw new StorageKeyError(fileName, "file name must not contain '/'");
  return key;
}

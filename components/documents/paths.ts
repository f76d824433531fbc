// Where the document screens live, in one place so links and redirects agree.

/** Claims the browser's guest session for the signed-in account, then shows the batch. */
export const CLAIM_PATH = "/batches/claim";

export function batchPath(batchId: string): string {
  return `/batches/${batchId}`;
}

export function viewerPath(batchId: string, documentId: string, pageNumber?: number): string {
  return `/batches/${batchId}/documents/${documentId}${pageNumber ? `?page=${pageNumber}` : ""}`;
}

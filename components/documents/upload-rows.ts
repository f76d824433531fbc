import type { BatchUpload } from "./types";

/** What became of one chosen file: still being sent, accepted as a document, or refused with a reason. */
export type UploadRow =
  { kind: "sending" } | { kind: "accepted"; documentId: string } | { kind: "refused"; reason: string };

/**
 * Pairs the chosen files with the upload's answer. Refused files carry their position (file_index);
 * the accepted documents come back in the order sent, so they fill the remaining positions in turn.
 * A whole upload refused (`refusedAll`) leaves every file refused with the server's reason.
 */
export function uploadRows(fileCount: number, answer?: BatchUpload, refusedAll?: string): UploadRow[] {
  if (refusedAll !== undefined)
    return Array.from({ length: fileCount }, () => ({ kind: "refused", reason: refusedAll }) as const);
  if (!answer) return Array.from({ length: fileCount }, () => ({ kind: "sending" }) as const);
  const refused = new Map(answer.rejected.map((file) => [file.file_index, file.message]));
  const documents = answer.documents.values();
  return Array.from({ length: fileCount }, (_, index): UploadRow => {
    const reason = refused.get(index);
    if (reason !== undefined) return { kind: "refused", reason };
    const document = documents.next();
    return document.done ? { kind: "sending" } : { kind: "accepted", documentId: document.value.document_id };
  });
}

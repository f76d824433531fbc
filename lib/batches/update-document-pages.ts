import type { z } from "zod";
import type { Db } from "@/lib/db";
import { applyPageEdits, type PageEdit } from "./apply-page-edits";
import type { BatchOwner } from "./batch-owner";
import { getBatchDocumentOrThrow } from "./get-batch-or-throw";
import type { DocumentUpdateSummary } from "./request-schemas";

/** PUT …/document/{document_id}: corrects several pages at once, in one transaction. */
export async function updateDocumentPages(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  documentId: string;
  edits: PageEdit[];
}): Promise<z.infer<typeof DocumentUpdateSummary>> {
  const { db, owner, edits } = options;
  const document = await getBatchDocumentOrThrow({
    db,
    owner,
    batchId: options.batchId,
    documentId: options.documentId,
  });
  const { editedAt, pageNumbers, wordChanges } = await applyPageEdits({ db, document, edits });
  return {
    batch_id: document.batchId,
    document_id: document.id,
    pages_updated: pageNumbers.length,
    page_numbers: pageNumbers,
    word_changes: [...wordChanges].map(([pageNumber, changes]) => ({ page_number: pageNumber, ...changes })),
    edited_at: editedAt.toISOString(),
    message: `Updated ${pageNumbers.length} page(s); reprocessing keeps these edits.`,
  };
}

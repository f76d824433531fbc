import { getBatchOrThrow, getOwnedDocumentOrThrow } from "@/lib/batches/get-batch-or-throw";
import { pageFromRow } from "@/lib/batches/processing/page-data";
import type { Db } from "@/lib/db";
import type { SourceDocument } from "@/lib/fill/map/source-document";
import { AppError } from "@/lib/errors/app-error";

export interface FillSource extends SourceDocument {
  documentId: string;
}

/**
 * The read pages of the user's documents (a whole batch, or documents by id), as the fill engine takes
 * them. A document with no read page yet is a 400 naming it: filling from an unread document would
 * silently fill nothing.
 */
export async function loadFillSources(options: {
  db: Db;
  userId: string;
  batchId?: string;
  documentIds?: string[];
}): Promise<FillSource[]> {
  const { db } = options;
  const owner = { userId: options.userId };
  const ids = new Set<string>();
  if (options.batchId) {
    const batch = await getBatchOrThrow({ db, owner, batchId: options.batchId });
    for (const { id } of await db.batchDocument.findMany({
      where: { batchId: batch.id },
      select: { id: true },
      orderBy: { createdAt: "asc" },
    }))
      ids.add(id);
  }
  for (const documentId of options.documentIds ?? [])
    ids.add((await getOwnedDocumentOrThrow({ db, owner, documentId })).id);

  const sources: FillSource[] = [];
  for (const documentId of ids) {
    const document = await db.batchDocument.findUniqueOrThrow({
      where: { id: documentId },
      include: { pages: { orderBy: { pageNumber: "asc" } } },
    });
    const pages = document.pages.filter((page) => page.status !== "failed").map(pageFromRow);
    if (pages.length === 0)
      throw new AppError(
        "bad_request",
        `Document ${document.fileName} (${documentId}) has no read pages yet (status ${document.status}); wait for processing to finish.`,
      );
    sources.push({ documentId, fileName: document.fileName, pages });
  }
  return sources;
}

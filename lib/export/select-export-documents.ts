import type { Db } from "@/lib/db";
import type { BatchOwner } from "@/lib/batches/batch-owner";
import { getBatchOrThrow, isUuid } from "@/lib/batches/get-batch-or-throw";
import type { Batch } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { assertPagesInDocument } from "./assert-pages-in-document";
import type { ExportRequestBody } from "./export-schemas";
import type { ExportDocument } from "./export-types";

/**
 * The owner's batch and the documents to export, in the requested order. 404 for another owner's
 * batch or a document id not in it; 422 for a page number its document does not have; 409 when the
 * batch has nothing to export yet.
 */
export async function selectExportDocuments({
  db,
  owner,
  batchId,
  request,
}: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  request: ExportRequestBody;
}): Promise<{ batch: Batch; documents: ExportDocument[] }> {
  const batch = await getBatchOrThrow({ db, owner, batchId });
  const rows = await db.batchDocument.findMany({
    where: { batchId },
    orderBy: { createdAt: "asc" },
    include: { _count: { select: { pages: true } } },
  });
  const wanted = request.document_ids ?? rows.map((row) => row.id);
  for (const id of [...wanted, ...(request.documents ?? []).map((document) => document.document_id)]) {
    if (!isUuid(id) || !rows.some((row) => row.id === id))
      throw new AppError("not_found", `Document ${id} not found in batch ${batchId}`);
  }
  const pageCountOf = (row: (typeof rows)[number]) => Math.max(row._count.pages, row.pagesTotal ?? 0);
  assertPagesInDocument(
    (request.documents ?? []).map((document, index) => {
      const row = rows.find((candidate) => candidate.id === document.document_id)!;
      return {
        fileName: row.fileName,
        pageCount: pageCountOf(row),
        pages: document.pages,
        at: ["documents", index, "pages"],
      };
    }),
  );
  const selected = wanted.map((id) => {
    const row = rows.find((candidate) => candidate.id === id)!;
    return {
      id: row.id,
      batchId,
      fileName: row.fileName,
      detectedType: row.detectedType,
      storageKey: row.storageKey,
      status: row.status,
      pageCount: pageCountOf(row),
    };
  });
  const storedPages = rows.filter((row) => wanted.includes(row.id)).reduce((sum, row) => sum + row._count.pages, 0);
  if (selected.length === 0) throw new AppError("conflict", `Batch ${batchId} has no documents to export`);
  if (storedPages === 0) {
    throw new AppError(
      "conflict",
      "No page of these documents has been read yet; export when processing has finished (GET /api/batch/status/{batch_id})",
    );
  }
  return { batch, documents: selected };
}

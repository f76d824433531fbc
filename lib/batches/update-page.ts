import type { Db } from "@/lib/db";
import { applyPageEdits } from "./apply-page-edits";
import type { BatchOwner } from "./batch-owner";
import { getBatchDocumentOrThrow } from "./get-batch-or-throw";
import { signImageToken } from "./image-token";
import type { PageUpdate } from "./request-schemas";
import { toPageResponse, type PageResponseBody } from "./to-page-response";

/** PUT …/page/{page_number}: corrects one page and answers it as stored. */
export async function updatePage(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  documentId: string;
  pageNumber: number;
  update: PageUpdate;
}): Promise<PageResponseBody> {
  const { db, owner, update } = options;
  const document = await getBatchDocumentOrThrow({
    db,
    owner,
    batchId: options.batchId,
    documentId: options.documentId,
  });
  await applyPageEdits({ db, document, edits: [{ ...update, page_number: options.pageNumber }] });
  const page = await db.page.findUniqueOrThrow({
    where: { documentId_pageNumber: { documentId: document.id, pageNumber: options.pageNumber } },
  });
  return toPageResponse(page, await signImageToken({ db, batchId: document.batchId }));
}

import type { Db } from "@/lib/db";
import { applyPageEdits } from "./apply-page-edits";
import type { BatchOwner } from "./batch-owner";
import { getBatchDocumentOrThrow } from "./get-batch-or-throw";
import { signImageToken } from "./image-token";
import type { PageUpdate } from "./request-schemas";
import { toPageResponse, type PageResponseBody } from "./to-page-response";

/** PUT …/page/{page_number}: corrects one page and answers it as stored. */
export async function updatePage(
  db: Db,
  owner: BatchOwner,
  ids: { batchId: string; documentId: string; pageNumber: number },
  update: PageUpdate,
): Promise<PageResponseBody> {
  const document = await getBatchDocumentOrThrow(db, owner, ids.batchId, ids.documentId);
  await applyPageEdits(db, document, [{ ...update, page_number: ids.pageNumber }]);
  const page = await db.page.findUniqueOrThrow({
    where: { documentId_pageNumber: { documentId: document.id, pageNumber: ids.pageNumber } },
  });
  return toPageResponse(page, await signImageToken(db, document.batchId));
}

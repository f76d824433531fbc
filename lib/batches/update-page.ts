import type { z } from "zod";
import type { Db } from "@/lib/db";
import { applyPageEdits } from "./apply-page-edits";
import type { BatchOwner } from "./batch-owner";
import { getBatchDocumentOrThrow } from "./get-batch-or-throw";
import { signImageToken } from "./image-token";
import type { PageUpdate, PageUpdateResponse } from "./request-schemas";
import { toPageResponse } from "./to-page-response";

/** PUT …/page/{page_number}: corrects one page and answers it as stored, with how its words changed. */
export async function updatePage(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  documentId: string;
  pageNumber: number;
  update: PageUpdate;
}): Promise<z.infer<typeof PageUpdateResponse>> {
  const { db, owner, update } = options;
  const document = await getBatchDocumentOrThrow({
    db,
    owner,
    batchId: options.batchId,
    documentId: options.documentId,
  });
  const { wordChanges } = await applyPageEdits({
    db,
    document,
    edits: [{ ...update, page_number: options.pageNumber }],
  });
  const page = await db.page.findUniqueOrThrow({
    where: { documentId_pageNumber: { documentId: document.id, pageNumber: options.pageNumber } },
  });
  return {
    ...toPageResponse(page, await signImageToken({ db, batchId: document.batchId })),
    word_changes: wordChanges.get(options.pageNumber) ?? null,
  };
}

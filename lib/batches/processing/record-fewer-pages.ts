import type { Db } from "@/lib/db";
import { invalidateBatchStatus } from "../status-cache";

/**
 * A document read whole turned out to have fewer pages than counted at upload (an office file
 * LibreOffice prints on fewer pages: read-office-as-pdf.ts). Its count becomes the pages it has, and
 * rows an earlier failed run left for pages past them go, so status and progress count only real
 * pages (each charged once, when saved; the rest of the reservation is released when the document
 * finishes). Completed rows are kept.
 */
export async function recordFewerPages({
  db,
  document,
  pageCount,
}: {
  db: Db;
  document: { id: string; batchId: string };
  pageCount: number;
}): Promise<void> {
  await db.page.deleteMany({
    where: { documentId: document.id, pageNumber: { gt: pageCount }, status: { not: "completed" } },
  });
  await db.batchDocument.updateMany({
    where: { id: document.id, pagesTotal: { gt: pageCount } },
    data: { pagesTotal: pageCount },
  });
  invalidateBatchStatus(document.batchId);
}

import type { z } from "zod";
import type { Db } from "@/lib/db";
import type { BatchOwner } from "./batch-owner";
import { ownsBatch } from "./batch-owner";
import { getBatchOrThrow } from "./get-batch-or-throw";
import { RejectedUploadFile, type BatchStatusResponse } from "./schemas";
import { isRetryable, type DocumentStatus } from "./statuses";
import { readStatusCache, statusCacheMark, writeStatusCache } from "./status-cache";

type StatusBody = z.infer<typeof BatchStatusResponse>;
type CachedStatus = { owner: { userId: string | null; guestSessionId: string | null }; body: StatusBody };

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * BatchStatusResponse, served from a 2-second cache (invalidated by every change this process
 * makes). The owner check runs on cached answers too, against the owner stored with them.
 */
export async function getBatchStatus(options: { db: Db; owner: BatchOwner; batchId: string }): Promise<StatusBody> {
  const { db, owner, batchId } = options;
  const cached = readStatusCache<CachedStatus>(batchId);
  if (cached && ownsBatch(owner, cached.owner)) return cached.body;

  const mark = statusCacheMark();
  const batch = await getBatchOrThrow({ db, owner, batchId });
  const documents = await savedPageCounts(
    db,
    // Not the document-level structure and timings: megabytes for a long document, polled every few seconds.
    await db.batchDocument.findMany({
      where: { batchId },
      orderBy: { createdAt: "asc" },
      omit: { metadata: true, timings: true },
    }),
  );
  const pagesTotal = documents.reduce((sum, document) => sum + (document.pagesTotal ?? 0), 0);
  const pagesDone = documents.reduce((sum, document) => sum + document.pagesDone, 0);
  const pagesFailed = documents.reduce((sum, document) => sum + document.pagesFailed, 0);
  const body: StatusBody = {
    batch_id: batch.id,
    batch_name: batch.name,
    status: batch.status as DocumentStatus,
    processing_mode: batch.processingMode,
    total_documents: documents.length,
    completed_documents: documents.filter((document) => document.status === "completed").length,
    failed_documents: documents.filter((document) => document.status === "failed").length,
    pages_total: pagesTotal,
    pages_done: pagesDone,
    pages_failed: pagesFailed,
    progress: percent(pagesDone + pagesFailed, pagesTotal),
    created_at: batch.createdAt.toISOString(),
    updated_at: batch.updatedAt.toISOString(),
    documents: documents.map((document) => ({
      document_id: document.id,
      file_name: document.fileName,
      status: document.status as DocumentStatus,
      type: document.detectedType,
      pages_total: document.pagesTotal,
      pages_done: document.pagesDone,
      pages_failed: document.pagesFailed,
      progress:
        document.status === "completed"
          ? 100
          : percent(document.pagesDone + document.pagesFailed, document.pagesTotal ?? 0),
      error: document.error,
      retryable: isRetryable(document),
      started_at: document.startedAt?.toISOString() ?? null,
      processed_at: document.processedAt?.toISOString() ?? null,
    })),
    rejected: RejectedUploadFile.array().catch([]).parse(batch.rejectedFiles),
  };
  writeStatusCache({
    batchId,
    value: { owner: { userId: batch.userId, guestSessionId: batch.guestSessionId }, body } satisfies CachedStatus,
    mark,
  });
  return body;
}

/**
 * pagesDone / pagesFailed counted from the saved page rows. The document's own counters are written
 * when a chunk of pages ends, so after an instance died mid-chunk they lag until another instance
 * takes the run over (about a minute); the rows are the truth meanwhile.
 */
async function savedPageCounts<T extends { id: string; pagesDone: number; pagesFailed: number }>(
  db: Db,
  documents: T[],
): Promise<T[]> {
  if (documents.length === 0) return documents;
  const counts = await db.page.groupBy({
    by: ["documentId", "status"],
    where: { documentId: { in: documents.map((document) => document.id) } },
    _count: { _all: true },
  });
  const count = (documentId: string, status: string) =>
    counts.find((entry) => entry.documentId === documentId && entry.status === status)?._count._all ?? 0;
  return documents.map((document) => ({
    ...document,
    pagesDone: count(document.id, "completed"),
    pagesFailed: count(document.id, "failed"),
  }));
}

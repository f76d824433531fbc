import { z } from "zod";
import type { Db } from "@/lib/db";
import type { BatchOwner } from "./batch-owner";
import { AppError } from "@/lib/errors/app-error";
import { getBatchOrThrow, isUuid } from "./get-batch-or-throw";
import { signImageToken } from "./image-token";
import type { BatchResultsResponse } from "./schemas";
import type { DocumentStatus } from "./statuses";
import { toPageResponse } from "./to-page-response";

export const BatchResultsQuery = z.object({
  page_offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(100_000)
    .default(0)
    .describe("Pages to skip in each document (0-based index of the first page returned)."),
  page_limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .describe("Most pages returned per document; all when absent."),
  document_id: z
    .string()
    .optional()
    .describe("Only this document of the batch (a viewer reading one document); an id not in the batch answers 404."),
  guest_session_id: z.string().optional().describe("Required for guests (or send x-guest-session-id)."),
});

/** Every document of the batch (or the one named) with its pages (paginated per document), text, boxes and structure. */
export async function getBatchResults(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  query: { page_offset: number; page_limit?: number; document_id?: string };
}): Promise<z.infer<typeof BatchResultsResponse>> {
  const { db, owner, batchId, query } = options;
  const batch = await getBatchOrThrow({ db, owner, batchId });
  const documentId = query.document_id;
  if (documentId !== undefined && !isUuid(documentId)) throw documentNotFound(documentId, batchId);
  const documents = await db.batchDocument.findMany({
    where: { batchId, ...(documentId !== undefined ? { id: documentId } : {}) },
    orderBy: { createdAt: "asc" },
    include: {
      pages: {
        orderBy: { pageNumber: "asc" },
        skip: query.page_offset,
        ...(query.page_limit ? { take: query.page_limit } : {}),
      },
      _count: { select: { pages: true } },
    },
  });
  if (documentId !== undefined && documents.length === 0) throw documentNotFound(documentId, batchId);
  const imageToken = await signImageToken({ db, batchId: batch.id });
  return {
    batch_id: batch.id,
    batch_name: batch.name,
    status: batch.status as DocumentStatus,
    page_offset: query.page_offset,
    page_limit: query.page_limit ?? null,
    documents: documents.map((document) => ({
      document_id: document.id,
      file_name: document.fileName,
      content_type: document.contentType,
      type: document.detectedType,
      status: document.status as DocumentStatus,
      error: document.error,
      total_pages: Math.max(document._count.pages, document.pagesTotal ?? 0),
      structured_data:
        ((document.metadata as Record<string, unknown>).structured_data as Record<string, unknown> | undefined) ?? {},
      pages: document.pages.map((page) => toPageResponse(page, imageToken)),
    })),
  };
}

function documentNotFound(documentId: string, batchId: string): AppError {
  return new AppError("not_found", `Document ${documentId} not found in batch ${batchId}`);
}

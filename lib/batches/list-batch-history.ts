import { z } from "zod";
import type { Db } from "@/lib/db";
import { batchOwnerWhere, type BatchOwner } from "./batch-owner";
import type { BatchHistoryResponse } from "./schemas";
import type { DocumentStatus } from "./statuses";

export const BatchHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  guest_session_id: z.string().optional().describe("Required for guests (or send x-guest-session-id)."),
});

/** The owner's batches, newest first, with document counts and status. */
export async function listBatchHistory(
  db: Db,
  owner: BatchOwner,
  query: { limit: number; offset: number },
): Promise<z.infer<typeof BatchHistoryResponse>> {
  const where = batchOwnerWhere(owner);
  const [total, batches] = await Promise.all([
    db.batch.count({ where }),
    db.batch.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: query.offset,
      take: query.limit,
      include: { documents: { select: { status: true, pagesTotal: true } } },
    }),
  ]);
  return {
    total,
    limit: query.limit,
    offset: query.offset,
    batches: batches.map((batch) => ({
      batch_id: batch.id,
      batch_name: batch.name,
      status: batch.status as DocumentStatus,
      document_count: batch.documents.length,
      completed_documents: batch.documents.filter((document) => document.status === "completed").length,
      failed_documents: batch.documents.filter((document) => document.status === "failed").length,
      total_pages: batch.documents.reduce((sum, document) => sum + (document.pagesTotal ?? 0), 0),
      created_at: batch.createdAt.toISOString(),
      updated_at: batch.updatedAt.toISOString(),
    })),
  };
}

import { z } from "zod";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { batchOwnerWhere, type BatchOwner } from "./batch-owner";
import type { BatchHistoryResponse } from "./schemas";
import { DOCUMENT_STATUSES, type DocumentStatus } from "./statuses";

const DAY_MS = 86_400_000;

export const BatchHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  guest_session_id: z.string().optional().describe("Required for guests (or send x-guest-session-id)."),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("Only batches whose name, or a document's file name, contains this text (any case)."),
  status: z.enum(DOCUMENT_STATUSES).optional().describe("Only batches in this status."),
  created_from: z.iso.date().optional().describe("Only batches created on or after this day (YYYY-MM-DD, UTC)."),
  created_to: z.iso.date().optional().describe("Only batches created on or before this day (YYYY-MM-DD, UTC)."),
});

export type BatchHistoryFilters = Pick<
  z.infer<typeof BatchHistoryQuery>,
  "q" | "status" | "created_from" | "created_to"
>;

/** The owner's batches, newest first, with document counts and status, narrowed by the optional filters. */
export async function listBatchHistory(options: {
  db: Db;
  owner: BatchOwner;
  query: { limit: number; offset: number } & BatchHistoryFilters;
}): Promise<z.infer<typeof BatchHistoryResponse>> {
  const { db, owner, query } = options;
  const where: Prisma.BatchWhereInput = { ...batchOwnerWhere(owner), ...filterWhere(query) };
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

function filterWhere(filters: BatchHistoryFilters): Prisma.BatchWhereInput {
  const where: Prisma.BatchWhereInput = {};
  if (filters.q)
    where.OR = [
      { name: { contains: filters.q, mode: "insensitive" } },
      { documents: { some: { fileName: { contains: filters.q, mode: "insensitive" } } } },
    ];
  if (filters.status) where.status = filters.status;
  if (filters.created_from || filters.created_to)
    where.createdAt = {
      ...(filters.created_from ? { gte: new Date(`${filters.created_from}T00:00:00Z`) } : {}),
      ...(filters.created_to ? { lt: new Date(Date.parse(`${filters.created_to}T00:00:00Z`) + DAY_MS) } : {}),
    };
  return where;
}

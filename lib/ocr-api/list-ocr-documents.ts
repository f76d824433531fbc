import { z } from "zod";
import type { Db } from "@/lib/db";
import type { OcrDocumentList } from "./schemas";
import { toOcrDocument } from "./to-ocr-document";

export const OcrDocumentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The user's batch documents, newest first: those uploaded to /api/batch and to /api/ocr alike. */
export async function listOcrDocuments(options: {
  db: Db;
  userId: string;
  query: { limit: number; offset: number };
}): Promise<z.infer<typeof OcrDocumentList>> {
  const { db, userId, query } = options;
  const where = { batch: { userId } };
  const [total, documents] = await Promise.all([
    db.batchDocument.count({ where }),
    db.batchDocument.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      skip: query.offset,
      take: query.limit,
      include: { batch: { select: { name: true } } },
    }),
  ]);
  return { total, limit: query.limit, offset: query.offset, documents: documents.map(toOcrDocument) };
}

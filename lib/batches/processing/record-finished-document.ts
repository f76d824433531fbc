import type { Db } from "@/lib/db";

export interface FinishedDocument {
  documentId: string;
  status: string;
  pagesTotal: number;
  error: string | null;
  processedAt: Date;
  /** The document-level structure, kept as metadata.structured_data beside the metadata's other keys. */
  structuredData: unknown;
  /** The stage timing record (batch_documents.timings). */
  timings: Record<string, number>;
}

/**
 * Writes a finished document's status, structure and timings in one statement, the structure as
 * JSON text serialised once: through Prisma's update the query builder walks every pair and entity
 * of a long document (megabytes) before the database sees it. Returns false when the document was
 * deleted meanwhile.
 */
export async function recordFinishedDocument(db: Db, finished: FinishedDocument): Promise<boolean> {
  const structuredData = JSON.stringify(finished.structuredData);
  const updated = await db.$executeRaw`
    UPDATE batch_documents
    SET status = ${finished.status}, "pagesTotal" = ${finished.pagesTotal}, error = ${finished.error},
      "processedAt" = ${finished.processedAt}::timestamp(3),
      metadata = (CASE WHEN jsonb_typeof(metadata) = 'object' THEN metadata ELSE '{}'::jsonb END)
        || jsonb_build_object('structured_data', ${structuredData}::jsonb),
      timings = ${JSON.stringify(finished.timings)}::jsonb, "updatedAt" = ${new Date()}::timestamp(3)
    WHERE id = ${finished.documentId}::uuid`;
  return updated > 0;
}

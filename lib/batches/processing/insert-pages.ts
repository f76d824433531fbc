import type { Db } from "@/lib/db";

/** A new page row, its JSON columns already serialised. */
export interface NewPageRow {
  pageNumber: number;
  status: string;
  error: string | null;
  imageKey: string | null;
  width: number | null;
  height: number | null;
  source: string | null;
  confidence: number | null;
  extractedText: string;
  /** JSON text of the bounding_boxes column. */
  boundingBoxes: string;
  /** JSON text of the structured_data column. */
  structuredData: string;
}

/**
 * Inserts a document's page rows that are not stored yet, in one statement, and returns the page
 * numbers it inserted: a page already stored is left as it is (the caller updates it), so no query
 * for the stored pages is needed before writing. The JSON columns go in as text the caller
 * serialised once: through createMany, the query builder walks every word box of every page (about
 * 100 KB of JSON per text page) before the database sees it, which was most of the write's time.
 * Fails when the document was deleted meanwhile.
 */
export async function insertPages({
  db,
  documentId,
  rows,
}: {
  db: Db;
  documentId: string;
  rows: NewPageRow[];
}): Promise<number[]> {
  if (rows.length === 0) return [];
  const column = <K extends keyof NewPageRow>(key: K) => rows.map((row) => row[key]);
  const inserted = await db.$queryRaw<Array<{ pageNumber: number }>>`
    INSERT INTO pages (id, "documentId", "pageNumber", status, error, "imageKey", width, height, source, confidence,
      "extractedText", "boundingBoxes", "structuredData", "updatedAt")
    SELECT gen_random_uuid(), ${documentId}::uuid, r.page_number, r.status, r.error, r.image_key, r.width, r.height,
      r.source, r.confidence, r.extracted_text, r.bounding_boxes::json, r.structured_data::json, ${new Date()}::timestamp(3)
    FROM unnest(${column("pageNumber")}::int[], ${column("status")}::text[], ${column("error")}::text[],
      ${column("imageKey")}::text[], ${column("width")}::float8[], ${column("height")}::float8[],
      ${column("source")}::text[], ${column("confidence")}::float8[], ${column("extractedText")}::text[],
      ${column("boundingBoxes")}::text[], ${column("structuredData")}::text[])
      AS r(page_number, status, error, image_key, width, height, source, confidence, extracted_text, bounding_boxes,
        structured_data)
    ON CONFLICT ("documentId", "pageNumber") DO NOTHING
    RETURNING "pageNumber"`;
  return inserted.map((row) => row.pageNumber);
}

import type { Db } from "@/lib/db";
import type { ExportDocument } from "./export-types";

/**
 * The pages an export leaves out, as "file page N": not stored yet (still processing) or failed.
 * The same rule as readExportPages, asked up front so a streamed export can name them in its headers.
 */
export async function listMissingPages(db: Db, documents: ExportDocument[]): Promise<string[]> {
  const missing: string[] = [];
  for (const document of documents) {
    const rows = await db.page.findMany({
      where: { documentId: document.id, status: { not: "failed" } },
      select: { pageNumber: true },
    });
    const read = new Set(rows.map((row) => row.pageNumber));
    for (let pageNumber = 1; pageNumber <= document.pageCount; pageNumber++)
      if (!read.has(pageNumber)) missing.push(`${document.fileName} page ${pageNumber}`);
  }
  return missing;
}

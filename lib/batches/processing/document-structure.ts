import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { structureByBatches } from "@/lib/extraction/stages";
import { pageFromRow, toSnakeCaseKeys } from "./page-data";
import type { StageTimings } from "./stage-timings";

/** Pages whose word boxes are in memory at once: a long document's are never all loaded together. */
export const STRUCTURE_BATCH_PAGES = 25;

type TextRow = {
  pageNumber: number;
  extractedText: string;
  source: string | null;
  confidence: number | null;
  status: string;
};

/**
 * The document-level structure (metadata.structured_data) over its pages as they now are, edits
 * included, as structuredDataOf would give it for all of them: the text of every page is in `rows`
 * (page order), and the word boxes are read and used a batch of pages at a time.
 */
export async function documentStructure({
  db,
  documentId,
  rows,
  timings,
  batchPages = STRUCTURE_BATCH_PAGES,
}: {
  db: Db;
  documentId: string;
  rows: TextRow[];
  timings: StageTimings;
  batchPages?: number;
}): Promise<Prisma.InputJsonObject> {
  const started = performance.now();
  let reading = 0;
  const read = rows.filter((row) => row.status !== "failed");
  const builder = structureByBatches(read.map((row) => row.extractedText));
  for (let index = 0; index < read.length; index += batchPages) {
    const batch = read.slice(index, index + batchPages);
    const readingStarted = performance.now();
    const boxes = await db.page.findMany({
      where: { documentId, pageNumber: { in: batch.map((row) => row.pageNumber) } },
      select: { pageNumber: true, boundingBoxes: true },
    });
    reading += performance.now() - readingStarted;
    const boxesOf = new Map(boxes.map((row) => [row.pageNumber, row.boundingBoxes]));
    builder.add(batch.map((row) => pageFromRow({ ...row, boundingBoxes: boxesOf.get(row.pageNumber) ?? {} })));
  }
  const structure = toSnakeCaseKeys(builder.finish()) as Prisma.InputJsonObject;
  timings.rows += reading;
  timings.structure += performance.now() - started - reading;
  return structure;
}

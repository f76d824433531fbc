import type { BatchOwner } from "@/lib/batches/batch-owner";
import { getBatchOrThrow } from "@/lib/batches/get-batch-or-throw";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { OUTPUT_FORMATS, serialiseAs } from "@/lib/extraction/output/output-formats";
import { csvRows } from "@/lib/extraction/output/serialise";
import type { BatchConvertFormat } from "./convert-schemas";
import { loadConvertibleDocument, type ConvertibleDocument } from "./convertible-document";

/**
 * POST /api/batch/{batch_id}/convert/{format}: every read document of the batch in one file. JSON:
 * { batch_id, batch_name, documents } with each document as the single-document JSON; CSV: each
 * document's sections after a "document,<file name>" row; Markdown: a heading for the batch and one
 * per document. Documents with no read page yet are left out and named in skipped.
 */
export async function convertBatch(
  db: Db,
  options: { owner: BatchOwner; batchId: string; format: BatchConvertFormat; signal?: AbortSignal; now?: Date },
) {
  const batch = await getBatchOrThrow({ db, owner: options.owner, batchId: options.batchId });
  const rows = await db.batchDocument.findMany({ where: { batchId: batch.id }, orderBy: { createdAt: "asc" } });
  const documents: ConvertibleDocument[] = [];
  const skipped: string[] = [];
  for (const row of rows) {
    const { converted } = await loadConvertibleDocument({ db, document: row, signal: options.signal });
    if (converted.pages.length === 0) skipped.push(row.fileName);
    else documents.push(converted);
  }
  if (documents.length === 0)
    throw new AppError(
      "conflict",
      "No document of this batch has a read page yet; export it when reading has finished",
    );

  const title = batch.name?.trim() || `Batch ${batch.id.slice(0, 8)}`;
  const content = serialiseBatch(options.format, { batchId: batch.id, batchName: batch.name, title, documents });
  const { contentType, extension } = OUTPUT_FORMATS[options.format];
  return {
    format: options.format,
    content_type: contentType,
    file_name: `${title.replace(/[\\/:*?"<>|]+/g, "-")}.${extension}`,
    content,
    generated_at: (options.now ?? new Date()).toISOString(),
    documents: documents.length,
    skipped,
    message:
      skipped.length > 0
        ? `Converted ${documents.length} documents; not read yet and left out: ${skipped.join(", ")}`
        : `Converted ${documents.length} documents`,
  };
}

function serialiseBatch(
  format: BatchConvertFormat,
  batch: { batchId: string; batchName: string | null; title: string; documents: ConvertibleDocument[] },
): string {
  if (format === "json")
    return serialiseAs("json", { batch_id: batch.batchId, batch_name: batch.batchName, documents: batch.documents });
  if (format === "csv")
    return batch.documents
      .map((document) => `${csvRows([["document", document.file_name]])}\r\n${serialiseAs("csv", document)}`)
      .join("\r\n");
  // Each document's own Markdown one heading level down, under the batch's title.
  const sections = batch.documents.map((document) =>
    serialiseAs("markdown", document)
      .replace(/^(#{1,5}) /gm, "#$1 ")
      .trimEnd(),
  );
  return `# ${batch.title.replace(/[|#*_`[\]\\]/g, "\\$&")}\n\n${sections.join("\n\n")}\n`;
}
